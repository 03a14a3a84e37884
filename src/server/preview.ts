// Mounts the draft preview server (dist-preview/, built by astro.preview.config.mjs) under
// /preview: `/preview/{lang}/{bundle}/{uuid}?token=PREVIEW_TOKEN` renders a node's latest
// revision with the editor account. Off unless PREVIEW_TOKEN is set. Its own assets are under
// /preview/_astro/ (they are not secret); every page answer is `no-store` and `noindex`, and
// carries the site's security headers (its CSP, with the CMS added to img-src for draft images).
// Wrong tokens count against the caller's address (token-guard.ts): past the limit, 429.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Hono } from 'hono';
import { allowInDirective } from './site-headers.ts';
import type { TokenGuard } from './token-guard.ts';

export interface PreviewOptions {
  /** The preview build (dist-preview/). */
  dir: string;
  token: string;
  cmsUrl: string;
  cmsUser?: string | undefined;
  cmsPassword?: string | undefined;
}

type Middleware = (
  req: HttpBindings['incoming'],
  res: HttpBindings['outgoing'],
  next: (error?: unknown) => void,
  locals?: object,
) => Promise<void>;

const NOINDEX = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };
const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function sameToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the preview shares with the rest of the service. */
export interface PreviewContext {
  guard: TokenGuard;
  clientAddress: (request: Request, env: unknown) => string;
  /** The live site's security headers (site-headers.ts). */
  siteHeaders: () => Promise<Record<string, string>>;
}

export async function mountPreview(
  app: Hono<{ Bindings: HttpBindings }>,
  options: PreviewOptions,
  context: PreviewContext,
): Promise<void> {
  const entry = path.join(options.dir, 'server', 'entry.mjs');
  if (!(await stat(entry).catch(() => null)))
    throw new Error(
      `PREVIEW_TOKEN is set but the preview server is not built: run npm run build:preview (missing ${entry}).`,
    );
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: Middleware };
  const client = path.join(options.dir, 'client');

  app.get('/preview/_astro/*', async (c) => {
    const file = path.resolve(client, `.${c.req.path.slice('/preview'.length)}`);
    if (!file.startsWith(client + path.sep) || !(await stat(file).catch(() => null))?.isFile())
      return c.text('Not found', 404);
    c.env.outgoing.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    createReadStream(file).pipe(c.env.outgoing);
    return RESPONSE_ALREADY_SENT;
  });
  const cmsOrigin = new URL(options.cmsUrl).origin;
  app.get('/preview/*', async (c) => {
    const headers = { ...allowInDirective(await context.siteHeaders(), 'img-src', cmsOrigin), ...NOINDEX };
    const address = context.clientAddress(c.req.raw, c.env);
    const wait = context.guard.retryAfter(address);
    if (wait)
      return c.text('Too many wrong preview tokens from this address. Try again later.', 429, {
        ...headers,
        'retry-after': String(wait),
      });
    if (!sameToken(c.req.query('token'), options.token)) {
      context.guard.failed(address);
      return c.text('A valid preview token is required.', 401, headers);
    }
    const res = c.env.outgoing;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const locals = { preview: { cmsUrl: options.cmsUrl, user: options.cmsUser, password: options.cmsPassword } };
    return new Promise<Response>((resolve) => {
      res.once('finish', () => resolve(RESPONSE_ALREADY_SENT));
      res.once('close', () => resolve(RESPONSE_ALREADY_SENT));
      void handler(
        c.env.incoming,
        res,
        () => {
          if (!res.headersSent) {
            res.writeHead(404, { 'content-type': 'text/plain' });
            res.end('Not found');
          }
        },
        locals,
      );
    });
  });
}
