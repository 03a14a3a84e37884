// Serves the built site: index.html for folders, 404.html (or the French error page for
// /fr/ paths and on the French host) with a real 404 status, and the build's security and cache
// headers. The build's redirect list (`<dist>-deploy/redirects.json`: vanity and short paths) is
// answered with real 301s, as nginx does; `/` goes to /fr/home on the French host (FRENCH_HOST).
// Files go out through `send` (Express's static-file core: ETag, Last-Modified, 304, Range/206,
// 416), confined to the site's folder; the build's precompressed copies (.br, .gz) are sent as
// they are when the browser takes them.
import { DEPLOY_FILES } from '../release/deploy-files.ts';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import send from 'send';
import { cacheControlFor } from '../release/headers/security-headers.ts';
import { acceptedEncodings, SUFFIX } from '../release/compression.ts';
import { siteHeadersReader } from './site-headers.ts';

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

async function isFile(file: string) {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** Is `file` inside `base` (a path separator after it, never a sibling like `/x/site-data` of `/x/site`)? */
function isInside(base: string, file: string): boolean {
  const relative = path.relative(base, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

const hostName = (host: string | null | undefined) => (host ?? '').trim().toLowerCase().replace(/:\d+$/, '');

/** `root()` is resolved on every request, so a release switch (symlink rename) is atomic. */
export function createStaticHandler(root: () => string, options: { frenchHost?: string | undefined } = {}) {
  const frenchHost = hostName(options.frenchHost);
  let redirects: { root: string; value: Map<string, string> } | undefined;
  async function redirectList(dir: string): Promise<Map<string, string>> {
    if (redirects?.root !== dir) {
      const file = path.join(`${dir}-deploy`, DEPLOY_FILES.redirects.name);
      const list = await readFile(file, 'utf8').then(
        (t) => JSON.parse(t) as Array<{ from: string; to: string }>,
        () => [],
      );
      redirects = { root: dir, value: new Map(list.map((r) => [r.from, r.to])) };
    }
    return redirects.value;
  }
  // A folder the build did not write (tests, `astro build` alone) is served without them, as before.
  const securityHeaders = siteHeadersReader({});

  /** The file a path names (itself, its index.html or `.html`), only inside the site's folder. */
  async function resolveFile(base: string, pathname: string): Promise<string | undefined> {
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

  /** The precompressed copy to send, if the browser takes it and the build wrote it. */
  async function variant(
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

  return async (c: Context<{ Bindings: HttpBindings }>): Promise<Response> => {
    const { incoming: req, outgoing: res } = c.env;
    // Resolved per request: a release switch renames the `current` symlink.
    const base = path.resolve(await realpath(root()).catch(() => root()));
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const onFrenchHost = frenchHost !== '' && hostName(c.req.header('host')) === frenchHost;
    if (pathname === '/')
      return new Response(null, { status: 302, headers: { location: onFrenchHost ? '/fr/home' : '/en/home' } });
    const moved = await redirectList(base);
    const to =
      moved.get(pathname) ??
      (pathname.length > 1 && pathname.endsWith('/') ? moved.get(pathname.slice(0, -1)) : undefined);
    if (to) return new Response(null, { status: 301, headers: { location: to, 'cache-control': 'no-cache' } });

    let file = await resolveFile(base, pathname);
    const status = file ? 200 : 404;
    if (!file) {
      const french = path.join(base, 'fr/error/index.html');
      file =
        (onFrenchHost || pathname.startsWith('/fr/')) && (await isFile(french)) ? french : path.join(base, '404.html');
      if (!(await isFile(file))) return new Response('Not found', { status: 404 });
    }
    const contentType = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const chosen = await variant(file, contentType, (await stat(file)).size, req);
    for (const [name, value] of Object.entries(await securityHeaders(base))) res.setHeader(name, value);
    res.setHeader('content-type', contentType);
    res.setHeader('cache-control', status === 404 ? 'no-cache' : cacheControlFor(pathname));
    res.setHeader('vary', 'Accept-Encoding');
    if (chosen.encoding) res.setHeader('content-encoding', chosen.encoding);
    if (status === 404) {
      await sendNotFound(req, res, chosen.file);
      return RESPONSE_ALREADY_SENT;
    }
    await new Promise<void>((resolve) => {
      const relative = `/${path.relative(base, chosen.file).split(path.sep).map(encodeURIComponent).join('/')}`;
      const stream = send(req, relative, {
        root: base,
        index: false,
        dotfiles: 'allow',
        etag: true,
        lastModified: true,
        cacheControl: false,
        acceptRanges: true,
      });
      stream.on('error', (error: { status?: number }) => {
        // Gone between the look-up and the read (a release switch), or an unsatisfiable range: send says so.
        res.removeHeader('content-encoding');
        res.statusCode = error.status ?? 500;
        res.end();
        resolve();
      });
      res.once('close', () => resolve());
      res.once('finish', () => resolve());
      stream.pipe(res);
    });
    return RESPONSE_ALREADY_SENT;
  };
}

async function sendNotFound(req: IncomingMessage, res: ServerResponse, file: string) {
  const info = await stat(file);
  res.writeHead(404, { 'content-length': String(info.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res)
      .once('close', resolve)
      .once('finish', resolve);
  });
}
