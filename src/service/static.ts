// Serves the built site: `a/b.html` at `/a/b` (and `/a/b/` sent there with a 308), index.html for folders, the error page of the path's language (the
// bilingual 404.html for an address of neither, static-files.ts) with a real 404 status, and the build's security and cache
// headers. The build's redirect list (`<dist>-deploy/redirects.json`: vanity and short paths) is
// answered with real 301s, as nginx does; `/` goes to /fr/home on the French host (FRENCH_HOST).
// Files go out through `send` (Express's static-file core: ETag, Last-Modified, 304, Range/206,
// 416), confined to the site's folder; the build's precompressed copies (.br, .gz) are sent as
// they are when the browser takes them. The pieces: static-files.ts (which file),
// static-redirects.ts, static-send.ts (sending it).
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { cacheControlFor } from '../release/headers/security-headers.ts';
import { siteHeadersReader } from './site-headers.ts';
import { contentTypeOf, errorPage, resolveFile, variant } from './static-files.ts';
import { redirectReader, redirectTarget } from './static-redirects.ts';
import { sendFile, sendNotFound } from './static-send.ts';

const hostName = (host: string | null | undefined) => (host ?? '').trim().toLowerCase().replace(/:\d+$/, '');

/** The request's path, decoded (`/` when it cannot be). */
function decodedPath(url: string): string {
  const { pathname } = new URL(url);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '/';
  }
}

interface FileHeaders {
  site: Record<string, string>;
  contentType: string;
  cacheControl: string;
  encoding?: string | undefined;
}

function setFileHeaders(res: ServerResponse, headers: FileHeaders) {
  for (const [name, value] of Object.entries(headers.site)) res.setHeader(name, value);
  res.setHeader('content-type', headers.contentType);
  res.setHeader('cache-control', headers.cacheControl);
  res.setHeader('vary', 'Accept-Encoding');
  if (headers.encoding) res.setHeader('content-encoding', headers.encoding);
}

/** `root()` is resolved on every request, so a release switch (symlink rename) is atomic. */
export function createStaticHandler(root: () => string, options: { frenchHost?: string | undefined } = {}) {
  const frenchHost = hostName(options.frenchHost);
  const redirectList = redirectReader();
  // A folder the build did not write (tests, `astro build` alone) is served without them, as before.
  const securityHeaders = siteHeadersReader({});

  return async (c: Context<{ Bindings: HttpBindings }>): Promise<Response> => {
    const { incoming: req, outgoing: res } = c.env;
    // Resolved per request: a release switch renames the `current` symlink.
    const base = path.resolve(await realpath(root()).catch(() => root()));
    const pathname = decodedPath(c.req.url);
    const onFrenchHost = frenchHost !== '' && hostName(c.req.header('host')) === frenchHost;
    if (pathname === '/')
      return new Response(null, { status: 302, headers: { location: onFrenchHost ? '/fr/home' : '/en/home' } });
    const to = redirectTarget(await redirectList(base), pathname);
    if (to) return new Response(null, { status: 301, headers: { location: to, 'cache-control': 'no-cache' } });
    // A page is `a/b.html` at `/a/b` (build.format 'file'): `/a/b/` goes there, as on the CDNs.
    if (pathname.length > 1 && pathname.endsWith('/') && (await resolveFile(base, `${pathname.slice(0, -1)}.html`))) {
      const { pathname: raw, search } = new URL(c.req.url);
      return new Response(null, { status: 308, headers: { location: `${raw.slice(0, -1)}${search}` } });
    }

    const found = await resolveFile(base, pathname);
    const file = found ?? (await errorPage(base, pathname, onFrenchHost));
    if (!file) return new Response('Not found', { status: 404 });
    const contentType = contentTypeOf(file);
    const chosen = await variant(file, contentType, (await stat(file)).size, req);
    const site = await securityHeaders(base);
    const cacheControl = found ? cacheControlFor(pathname) : 'no-cache';
    setFileHeaders(res, { site, contentType, cacheControl, encoding: chosen.encoding });
    if (found) await sendFile(req, res, base, chosen.file);
    else await sendNotFound(req, res, chosen.file);
    return RESPONSE_ALREADY_SENT;
  };
}
