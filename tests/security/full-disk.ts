// A release folder's file system filled up, and what a publish that met the full disk must not
// leave there (publish-disk-full.test.ts, resident-disk-full.test.ts).
import { closeSync, ftruncateSync, fstatSync, openSync, rmSync, writeSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Fills the file system of `filler` (a file it writes), then gives back `free` bytes. */
export function fillLeaving(filler: string, free: number) {
  const fd = openSync(filler, 'a');
  try {
    for (;;) writeSync(fd, Buffer.alloc(256 * 1024, 1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  ftruncateSync(fd, Math.max(0, fstatSync(fd).size - free));
  closeSync(fd);
}

export const freeSpace = (filler: string) => rmSync(filler, { force: true });

/** The release folders of `releasesDir`, oldest first. */
export const releaseFolders = async (releasesDir: string) =>
  (await readdir(releasesDir)).filter((n) => /^\d{8}-/.test(n)).sort();

/** What a failed publish must not leave: temporary files, empty or unreadable cache entries. */
export async function debris(releasesDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of (await readdir(releasesDir, { recursive: true })).map((f) => path.join(releasesDir, f))) {
    if (file.endsWith('.tmp')) found.push(file);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const rel = path.relative(releasesDir, file);
    if (rel.startsWith('.cache/assets/') && info.size === 0) found.push(`empty ${rel}`);
    if (/^\.cache\/(assets\/)?[^/]+\.json$/.test(rel))
      await readFile(file, 'utf8')
        .then(JSON.parse)
        .catch(() => found.push(`unreadable ${rel}`));
  }
  return found;
}
