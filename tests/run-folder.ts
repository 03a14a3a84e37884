// One temporary folder per Vitest run: TMPDIR points at it (os.tmpdir() reads it; the forked
// workers and what they start inherit it), so everything a test leaves in "/tmp" goes when the
// run ends. A run that was killed leaves its folder: the next run removes those whose pid is gone.
//
// Where the machine has a memory file system (/dev/shm), the run's TMPDIR is there: the builds,
// releases and databases the tests make are files created and deleted by the thousand, which on a
// disk's file system cost the kernel three to four times the CPU (docs/testing.md). A second folder stays on the
// project's file system (TEST_DISK_TMPDIR) for the copies of the project, whose node_modules are
// hard links to this checkout's.
import { accessSync, chmodSync, constants, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'vitest-run-';
const TMPFS_MAGIC = 0x01021994;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // someone else's, still running
  }
}

/** Removes the folders in `parent` named `<prefix><pid>-…` whose process has ended. */
function removeEndedRuns(parent: string, prefix: string) {
  for (const name of readdirSync(parent)) {
    const pid = new RegExp(`^${prefix}(\\d+)-`).exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) removeQuietly(path.join(parent, name));
  }
}

/**
 * A new folder of this process in `parent`, `<prefix><pid>-…`; the folders with that prefix of
 * processes that have ended (killed runs) are removed first.
 */
export function processFolder(parent: string, prefix: string): string {
  removeEndedRuns(parent, prefix);
  return mkdtempSync(path.join(parent, `${prefix}${process.pid}-`));
}

/** /dev/shm when it is a memory file system this process may write to; TEST_TMP_ON_DISK=1 declines it. */
export function memoryParent(candidate = '/dev/shm'): string | undefined {
  if (process.env.TEST_TMP_ON_DISK === '1') return undefined;
  try {
    accessSync(candidate, constants.W_OK);
    return statfsSync(candidate).type === TMPFS_MAGIC ? candidate : undefined;
  } catch {
    return undefined;
  }
}

function runFolderIn(parent: string): string {
  const dir = processFolder(parent, PREFIX);
  // As /tmp: PostgreSQL (as `postgres`) and nginx's workers reach their folders below it.
  chmodSync(dir, 0o1777);
  return dir;
}

/**
 * The run's folders: `disk` in `parent` (the project's file system, as /tmp is here), and `dir`,
 * TMPDIR, in `memory` when there is one (null: none; else `disk`); remove() removes both and restores the
 * environment.
 */
export function startRunFolder(parent = os.tmpdir(), memory: string | null = memoryParent() ?? null) {
  const disk = runFolderIn(parent);
  const dir = memory ? runFolderIn(memory) : disk;
  const previous = { TMPDIR: process.env.TMPDIR, TEST_DISK_TMPDIR: process.env.TEST_DISK_TMPDIR };
  process.env.TMPDIR = dir;
  process.env.TEST_DISK_TMPDIR = disk;
  return {
    dir,
    disk,
    remove() {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      removeQuietly(dir);
      if (disk !== dir) removeQuietly(disk);
    },
  };
}

// A folder still mounted below (a full-disk test's tmpfs) stays, and its files with it; that is
// no reason to fail the run.
function removeQuietly(dir: string) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  } catch (error) {
    console.warn(`Could not remove ${dir} entirely: ${(error as Error).message}`);
  }
}
