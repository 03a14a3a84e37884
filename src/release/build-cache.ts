// Astro's cache (RELEASES_DIR/.cache) is written by Astro in place: a full disk or a killed build
// can leave a zero-byte image or a JSON file cut short, which every later build then trips over,
// or the temporary file of a write Astro makes whole by a rename (its data store's
// `data-store.json.tmp`), which holds space on a disk that is full. After a failed build and at
// start-up, such entries are dropped (Astro makes them again), so the next build succeeds by
// itself once there is space again.
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapInBatches } from './build/batches.ts';

/** Folders of the cache whose entries are checked: Astro's image cache and compressed copies. */
const CHECKED = ['assets', 'precompressed'];
/** Zero-byte by design (precompress's "both copies are there" marker). */
const EMPTY_BY_DESIGN = /\.done$/;

async function broken(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  // A write cut short before its rename (no build runs while the cache is checked).
  if (file.endsWith('.tmp')) return true;
  if (info.size === 0) return !EMPTY_BY_DESIGN.test(file);
  if (!file.endsWith('.json')) return false;
  // Astro's data store grows with the site (tens of MB): a large file is judged by its end, which
  // a file cut short lacks, rather than parsed whole in the service.
  if (info.size > LARGE) return !/[}\]]\s*$/.test(await tail(file, info.size));
  try {
    JSON.parse(await readFile(file, 'utf8'));
    return false;
  } catch {
    return true;
  }
}

const LARGE = 4 * 1024 * 1024;

async function tail(file: string, size: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, size - 64);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Removes the cache's empty and unreadable entries; returns them (relative to the cache). */
export async function dropBrokenCacheEntries(cacheDir: string): Promise<string[]> {
  const top = (await readdir(cacheDir).catch(() => [] as string[])).filter((n) => /\.(json|tmp)$/.test(n));
  const nested = await Promise.all(
    CHECKED.map(async (folder) =>
      (await readdir(path.join(cacheDir, folder)).catch(() => [] as string[])).map((n) => path.join(folder, n)),
    ),
  );
  const candidates = [...top, ...nested.flat()];
  const verdicts = await mapInBatches(candidates, (f) => broken(path.join(cacheDir, f)), 64);
  const dropped = candidates.filter((_, i) => verdicts[i]);
  for (const file of dropped) {
    await rm(path.join(cacheDir, file), { force: true });
    // An image without its metadata, or metadata without its image, is dropped as a pair.
    const pair = file.endsWith('.json') ? file.slice(0, -'.json'.length) : `${file}.json`;
    if (file.startsWith('assets')) await rm(path.join(cacheDir, pair), { force: true });
    // A compressed copy gone: its "both copies are there" marker too.
    else if (file.startsWith('precompressed'))
      await rm(path.join(cacheDir, `${file.slice(0, 'precompressed/'.length + 64)}.done`), { force: true });
  }
  return dropped;
}
