// Which compressed copy of a static file to send: brotli when the browser takes it, else gzip,
// for text types only (images and Pagefind's index files are compressed already). The copies are
// written once at build time next to each file (`file.br`, `file.gz`, src/release/build/precompress.ts),
// so the server never compresses nor keeps compressed bodies in memory.
import { createHash } from 'node:crypto';
import { link, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { mapInBatches } from './build/batches.ts';
import { linkFile } from './hard-links.ts';
import { writeWhole } from './write-whole.ts';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|wasm|manifest\+json|xml)|image\/svg\+xml)/;
/** Extensions of the files worth a compressed copy (the types above). */
const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.svg',
  '.wasm',
  '.txt',
  '.xml',
  '.webmanifest',
]);
const MIN_BYTES = 512;

export type Encoding = 'br' | 'gzip';
export const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the browser takes, best first ('br', 'gzip'); q=0 means refused. */
export function acceptedEncodings(acceptEncoding: string | null, contentType: string, size: number): Encoding[] {
  if (size < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return [];
  const accepted = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name!.trim());
  return (['br', 'gzip'] as const).filter((e) => accepted.includes(e));
}

const brotli = promisify(brotliCompress);
const windowBits = (size: number) =>
  Math.max(
    constants.BROTLI_MIN_WINDOW_BITS + 6,
    Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(size + 1))),
  );
const gzipAsync = promisify(gzip);

/**
 * Brotli quality 6 with a window fitted to the file, and gzip level 6 (measured on the 4,800 pages
 * of a 1,000-program build, docs/performance.md): brotli 6 is within 0.1% of quality 9's size at
 * two thirds of its time (and 30 times faster than 9 with the default 4 MB window); gzip 6 is
 * within 0.01% of level 9's size, a fifth faster, and the level nginx compresses at on the fly.
 */
function compress(body: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
      },
    }),
    gzipAsync(body, { level: 6 }),
  ]);
}

/** The cache's copy: a hard link of the site's (never written in place), else written whole. */
async function keep(siteCopy: string, cached: string, copy: Buffer): Promise<void> {
  await link(siteCopy, cached).catch(async (error: NodeJS.ErrnoException) => {
    // Left by a build cut short before its marker: replaced (a rename, never a write into it).
    if (error.code === 'EEXIST') await rm(cached, { force: true });
    await link(siteCopy, cached).catch(() => writeWhole(cached, copy, { sync: false }));
  });
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` (at least MIN_BYTES, and
 * only when the copy is smaller). zlib runs on libuv's thread pool, so files compress in parallel.
 * With `cacheDir`, copies are kept there by content hash: a rebuild compresses only the files
 * whose bytes changed (most pages of a release are the previous release's). With `only`, just those
 * files (relative to `dir`) and the cache keeps what it had; `skip` leaves out files of the walk
 * (relative, with /). Returns how many files got copies.
 */
export async function precompressFolder(
  dir: string,
  options: { cacheDir?: string; batch?: number; only?: string[]; skip?: (file: string) => boolean } = {},
): Promise<number> {
  const files = options.only
    ? options.only
        .filter((f) => COMPRESSIBLE_EXTENSIONS.has(path.extname(f).toLowerCase()))
        .map((f) => path.join(dir, f))
    : (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && COMPRESSIBLE_EXTENSIONS.has(path.extname(e.name).toLowerCase()))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((f) => !options.skip?.(path.relative(dir, f).split(path.sep).join('/')));
  if (options.cacheDir) await mkdir(options.cacheDir, { recursive: true });
  const used = new Set<string>();
  const done = await mapInBatches(
    files,
    async (file) => {
      const body = await readFile(file);
      if (body.length < MIN_BYTES) return false;
      const cached = options.cacheDir && path.join(options.cacheDir, createHash('sha256').update(body).digest('hex'));
      if (cached) used.add(path.basename(cached));
      if (cached && (await copies(cached, file))) return true;
      const [br, gz] = await compress(body);
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (copy.length >= body.length) continue;
        // Never written in place: an older copy there may be a hard link into the cache. No fsync:
        // the copies are a new folder's files, like Astro's pages beside them (a cold build of
        // 4,800 pages spent 3 s of its 4 s of compression waiting on 19,000 fsyncs).
        await writeWhole(`${file}${suffix}`, copy, { sync: false });
        // The cache takes the same file (whole: it was renamed into place). A crash may leave it
        // empty, which dropBrokenCacheEntries (src/release/build-cache.ts) removes.
        if (cached) await keep(`${file}${suffix}`, `${cached}${suffix}`, copy);
      }
      // Empty, so never half written: no temporary file needed.
      if (cached) await writeWhole(`${cached}.done`, '', { sync: false });
      return true;
    },
    options.batch ?? 64,
  );
  // The cache holds what this build used, no more: older versions of pages are dropped.
  if (options.cacheDir && !options.only) {
    const stale = (await readdir(options.cacheDir)).filter((name) => !used.has(name.slice(0, 64)));
    await mapInBatches(stale, (name) => rm(path.join(options.cacheDir!, name), { force: true }));
  }
  return done.filter(Boolean).length;
}

/**
 * Puts the cached compressed copies of a file's content beside it, as hard links (cached copies are
 * only ever replaced by a rename, never written in place, so releases sharing them never change);
 * a copy where links fail. False when not cached.
 */
async function copies(cached: string, file: string): Promise<boolean> {
  if (
    !(await stat(`${cached}.done`).then(
      () => true,
      () => false,
    ))
  )
    return false;
  for (const suffix of ['.br', '.gz']) {
    await linkFile(`${cached}${suffix}`, `${file}${suffix}`).catch(() => undefined);
  }
  return true;
}
