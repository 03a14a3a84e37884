// Serves the built site: index.html for folders, 404.html (or the French error page for
// /fr/ paths) with a real 404 status, and the build's security and cache headers.
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { cacheControlFor } from '../logic/security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif', '.ico': 'image/x-icon',
  '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8', '.woff2': 'font/woff2',
  '.pagefind': 'application/octet-stream', '.pf_meta': 'application/octet-stream', '.pf_fragment': 'application/octet-stream', '.pf_index': 'application/octet-stream', '.pf_filter': 'application/octet-stream',
};

async function isFile(file: string) {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** `root()` is resolved on every request, so a release switch (symlink rename) is atomic. */
export function createStaticHandler(root: () => string) {
  let headers: { root: string; value: Record<string, string> } | undefined;
  async function securityHeaders(dir: string): Promise<Record<string, string>> {
    if (headers?.root !== dir) {
      const file = path.join(`${dir}-deploy`, 'headers.json');
      const parsed = await readFile(file, 'utf8').then((t) => JSON.parse(t) as { headers: Record<string, string> }, () => ({ headers: {} }));
      headers = { root: dir, value: parsed.headers };
    }
    return headers.value;
  }

  return async (request: Request): Promise<Response> => {
    // Resolved per request: a release switch renames the `current` symlink.
    const dir = await realpath(root()).catch(() => root());
    const url = new URL(request.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    if (pathname === '/') return Response.redirect(new URL('/en/home', url), 302);
    const base = path.resolve(dir);
    const candidate = path.resolve(base, `.${pathname}`);
    let file: string | undefined;
    let status = 200;
    if (candidate.startsWith(base)) {
      for (const option of [candidate, path.join(candidate, 'index.html'), `${candidate}.html`]) {
        if (await isFile(option)) {
          file = option;
          break;
        }
      }
    }
    if (!file) {
      status = 404;
      const french = path.join(base, 'fr/error/index.html');
      file = pathname.startsWith('/fr/') && (await isFile(french)) ? french : path.join(base, '404.html');
      if (!(await isFile(file))) return new Response('Not found', { status: 404 });
    }
    const extension = path.extname(file).toLowerCase();
    const size = (await stat(file)).size;
    const responseHeaders = new Headers({
      ...(await securityHeaders(base)),
      'content-type': TYPES[extension] ?? 'application/octet-stream',
      'content-length': String(size),
      'cache-control': status === 404 ? 'no-cache' : cacheControlFor(pathname),
    });
    if (request.method === 'HEAD') return new Response(null, { status, headers: responseHeaders });
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { status, headers: responseHeaders });
  };
}
