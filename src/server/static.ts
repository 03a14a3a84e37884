// Serves the built site: index.html for folders, 404.html (or the French error page for
// /fr/ paths and on the French host) with a real 404 status, and the build's security and cache
// headers. The build's redirect list (`<dist>-deploy/redirects.json`: vanity and short paths) is
// answered with real 301s, as nginx does; `/` goes to /fr/home on the French host (FRENCH_HOST).
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { cacheControlFor } from '../logic/security-headers.ts';
import { chooseEncoding, compressed } from './compression.ts';

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

const hostName = (host: string | null | undefined) => (host ?? '').trim().toLowerCase().replace(/:\d+$/, '');

/** `root()` is resolved on every request, so a release switch (symlink rename) is atomic. */
export function createStaticHandler(root: () => string, options: { frenchHost?: string | undefined } = {}) {
  const frenchHost = hostName(options.frenchHost);
  let redirects: { root: string; value: Map<string, string> } | undefined;
  async function redirectList(dir: string): Promise<Map<string, string>> {
    if (redirects?.root !== dir) {
      const file = path.join(`${dir}-deploy`, 'redirects.json');
      const list = await readFile(file, 'utf8').then((t) => JSON.parse(t) as Array<{ from: string; to: string }>, () => []);
      redirects = { root: dir, value: new Map(list.map((r) => [r.from, r.to])) };
    }
    return redirects.value;
  }
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
    const onFrenchHost = frenchHost !== '' && hostName(request.headers.get('host')) === frenchHost;
    if (pathname === '/') return new Response(null, { status: 302, headers: { location: onFrenchHost ? '/fr/home' : '/en/home' } });
    const moved = await redirectList(dir);
    const to = moved.get(pathname) ?? (pathname.length > 1 && pathname.endsWith('/') ? moved.get(pathname.slice(0, -1)) : undefined);
    if (to) return new Response(null, { status: 301, headers: { location: to, 'cache-control': 'no-cache' } });
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
      file = (onFrenchHost || pathname.startsWith('/fr/')) && (await isFile(french)) ? french : path.join(base, '404.html');
      if (!(await isFile(file))) return new Response('Not found', { status: 404 });
    }
    const extension = path.extname(file).toLowerCase();
    const info = await stat(file);
    const contentType = TYPES[extension] ?? 'application/octet-stream';
    const responseHeaders = new Headers({
      ...(await securityHeaders(base)),
      'content-type': contentType,
      'content-length': String(info.size),
      'cache-control': status === 404 ? 'no-cache' : cacheControlFor(pathname),
      vary: 'Accept-Encoding',
    });
    const encoding = chooseEncoding(request.headers.get('accept-encoding'), contentType, info.size);
    if (encoding) {
      const body = await compressed(`${file}:${info.size}:${info.mtimeMs}`, encoding, () => readFile(file));
      responseHeaders.set('content-encoding', encoding);
      responseHeaders.set('content-length', String(body.length));
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status, headers: responseHeaders });
    }
    if (request.method === 'HEAD') return new Response(null, { status, headers: responseHeaders });
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { status, headers: responseHeaders });
  };
}
