// Releases share unchanged files as hard links: a new release is the live one linked file by file,
// then changed. A linked file is never written in place (that would change the live release too):
// it is replaced by a rename (src/release/write-whole.ts) or removed first.
import { execFile } from 'node:child_process';
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { mapInBatches } from './build/batches.ts';

/** A hard link of one file at `to`, or a copy where a link cannot be made (another file system). */
export function linkFile(from: string, to: string): Promise<void> {
  return link(from, to).catch(() => copyFile(from, to));
}

/** Hard links of every file under `from` at the same place under `to` (a copy across file systems). */
export async function linkTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  await mkdir(to, { recursive: true });
  for (const dir of entries.filter((e) => e.isDirectory()))
    await mkdir(path.join(to, path.relative(from, path.join(dir.parentPath, dir.name))), { recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(from, path.join(e.parentPath, e.name)));
  await mapInBatches(files, (f) => linkFile(path.join(from, f), path.join(to, f)), 128);
}

/**
 * Links the entries `names` of folder `from` into the new folder `to`. GNU `cp -al` does it in one
 * process (about ten times faster than a link call per file from Node); elsewhere, linkTree. The
 * folders are made anew, with the process's own modes (`--no-preserve=mode`), so they are writable
 * when `from` is a read-only release, without a second walk to change them (27,000 folders at
 * 10,000 programs per language); a file keeps its mode, which is its inode's, shared with `from`.
 */
export async function linkEntries(from: string, to: string, names: string[]): Promise<void> {
  await mkdir(to, { recursive: true });
  if (names.length === 0) return;
  try {
    await promisify(execFile)('cp', ['-al', '--no-preserve=mode', '--', ...names.map((n) => path.join(from, n)), to], {
      maxBuffer: 1024 * 1024,
    });
  } catch {
    for (const name of names) {
      await rm(path.join(to, name), { recursive: true, force: true });
      await linkTree(path.join(from, name), path.join(to, name)).catch(() =>
        linkFile(path.join(from, name), path.join(to, name)),
      );
    }
  }
}
