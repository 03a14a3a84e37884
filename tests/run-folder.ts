// One temporary folder per Vitest run: TMPDIR points at it (os.tmpdir() reads it; the forked
// workers and what they start inherit it), so everything a test leaves in "/tmp" goes when the
// run ends. A run that was killed leaves its folder: the next run removes those whose pid is gone.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'vitest-run-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // someone else's, still running
  }
}

/** Removes the run folders in `parent` whose run (the pid in the name) has ended. */
function removeEndedRuns(parent: string) {
  for (const name of readdirSync(parent)) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) removeQuietly(path.join(parent, name));
  }
}

/** A run folder in `parent` for this process, TMPDIR pointed at it; remove() restores TMPDIR. */
export function startRunFolder(parent = os.tmpdir()) {
  removeEndedRuns(parent);
  const dir = mkdtempSync(path.join(parent, `${PREFIX}${process.pid}-`));
  // As /tmp: PostgreSQL (as `postgres`) and nginx's workers reach their folders below it.
  chmodSync(dir, 0o1777);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return {
    dir,
    remove() {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      removeQuietly(dir);
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
