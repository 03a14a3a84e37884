// Compressed bodies for the static handler: brotli when the browser takes it, else gzip, for text
// types only (images and Pagefind's index files are compressed already). A slow rural connection
// pays for every byte, so each file is compressed once per release and kept in memory.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|wasm|manifest\+json)|image\/svg\+xml)/;
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const MIN_BYTES = 512;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with, or null to send the file as it is. */
export function chooseEncoding(acceptEncoding: string | null, contentType: string, size: number): Encoding | null {
  if (size < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return null;
  const accepted = (acceptEncoding ?? '').toLowerCase().split(',').map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0).map(([name]) => name!.trim());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

/**
 * `key` names the file's version (path, size, mtime): a new release gets new entries. `load` reads
 * the file, only when this version is not cached yet.
 */
export async function compressed(key: string, encoding: Encoding, load: () => Promise<Buffer>): Promise<Buffer> {
  const id = `${encoding}:${key}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const body = await load();
  const out = encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 9 });
  // Oldest entries go first once the cache is full (Map keeps insertion order).
  while (cachedBytes + out.length > MAX_CACHE_BYTES && cache.size) {
    const [oldest, buffer] = cache.entries().next().value as [string, Buffer];
    cache.delete(oldest);
    cachedBytes -= buffer.length;
  }
  cache.set(id, out);
  cachedBytes += out.length;
  return out;
}
