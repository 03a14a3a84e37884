// Which compressed copy of a static file to send: brotli when the browser takes it, else gzip,
// for text types only (images and Pagefind's index files are compressed already). The copies are
// written once at build time next to each file (`file.br`, `file.gz`, scripts/build/precompress.ts),
// so the server never compresses nor keeps compressed bodies in memory.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|wasm|manifest\+json|xml)|image\/svg\+xml)/;
/** Extensions of the files worth a compressed copy (the types above). */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.wasm', '.txt', '.xml', '.webmanifest']);
export const MIN_BYTES = 512;

export type Encoding = 'br' | 'gzip';
export const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the browser takes, best first ('br', 'gzip'); q=0 means refused. */
export function acceptedEncodings(acceptEncoding: string | null, contentType: string, size: number): Encoding[] {
  if (size < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return [];
  const accepted = (acceptEncoding ?? '').toLowerCase().split(',').map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0).map(([name]) => name!.trim());
  return (['br', 'gzip'] as const).filter((e) => accepted.includes(e));
}

const brotli = promisify(brotliCompress);
const windowBits = (size: number) => Math.max(constants.BROTLI_MIN_WINDOW_BITS + 6, Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(size + 1))));
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` (at least MIN_BYTES, and
 * only when the copy is smaller). zlib runs on libuv's thread pool, so files compress in parallel.
 * Returns how many files got copies.
 */
export async function precompressFolder(dir: string, batch = 64): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE_EXTENSIONS.has(path.extname(e.name).toLowerCase()))
    .map((e) => path.join(e.parentPath, e.name));
  let done = 0;
  for (let i = 0; i < files.length; i += batch) {
    await Promise.all(files.slice(i, i + batch).map(async (file) => {
      const info = await stat(file);
      if (info.size < MIN_BYTES) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        // Quality 6 with a window fitted to the file: within 0.3% of quality 9's size on the site,
        // about 3 times faster (and 30 times faster than quality 9 with the default 4 MB window).
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length) } }),
        gzipAsync(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      done++;
    }));
  }
  return done;
}
