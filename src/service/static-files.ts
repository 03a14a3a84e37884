// The file a request path names in the built site, only inside the site's folder (no `..`, no
// symlink out of it), its content type, and the precompressed copy (.br, .gz) to send instead.
import type { IncomingMessage } from 'node:http';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { acceptedEncodings, SUFFIX } from '../release/compression.ts';
import { notFoundFile } from '../release/redirects/language-404.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.pagefind': 'application/octet-stream',
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_filter': 'application/octet-stream',
};

export const contentTypeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

async function isFile(file: string) {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** Is `file` inside `base` (a path separator after it, never a sibling like `/x/site-data` of `/x/site`)? */
function isInside(base: string, file: string): boolean {
  const relative = path.relative(base, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The file a path names (itself, its index.html or `.html`), only inside the site's folder. */
export async function resolveFile(base: string, pathname: string): Promise<string | undefined> {
  if (pathname.includes('\0')) return undefined;
  const candidate = path.resolve(base, `.${pathname}`);
  if (candidate !== base && !isInside(base, candidate)) return undefined;
  for (const option of [candidate, path.join(candidate, 'index.html'), `${candidate}.html`]) {
    if (!(await isFile(option))) continue;
    // A symlink inside the site must not lead out of it either.
    const real = await realpath(option).catch(() => '');
    return isInside(base, real) ? option : undefined;
  }
  return undefined;
}

/**
 * The error page of a path nothing answers, in the path's language: /fr/ paths get the French
 * page, /en/ paths the English one, others on the French host the French one, any other address (a mistyped vanity
 * path) the root 404.html, which says it in both languages.
 */
export async function errorPage(base: string, pathname: string, onFrenchHost: boolean): Promise<string | undefined> {
  const own = /^\/(en|fr)\//.exec(pathname)?.[1] ?? (onFrenchHost ? 'fr' : null);
  const page = own ? path.join(base, notFoundFile(own)) : null;
  const file = page && (await isFile(page)) ? page : path.join(base, '404.html');
  return (await isFile(file)) ? file : undefined;
}

/** The precompressed copy to send, if the browser takes it and the build wrote it. */
export async function variant(
  file: string,
  contentType: string,
  size: number,
  request: IncomingMessage,
): Promise<{ file: string; encoding?: string }> {
  if (request.headers.range) return { file }; // ranges are of the file itself
  for (const encoding of acceptedEncodings(request.headers['accept-encoding'] ?? null, contentType, size)) {
    if (await isFile(`${file}${SUFFIX[encoding]}`)) return { file: `${file}${SUFFIX[encoding]}`, encoding };
  }
  return { file };
}
