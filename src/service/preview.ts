// Mounts the draft preview server (dist-preview/, built by astro.preview.config.mjs) under
// /preview: `/preview/{lang}/{bundle}/{uuid}?token=PREVIEW_TOKEN` renders a node's latest
// revision with the editor account. Off unless PREVIEW_TOKEN is set. Its own assets are under
// /preview/_astro/ (they are not secret); every page answer is `no-store` and `noindex`, and
// carries the site's security headers (its CSP, with the CMS added to img-src for draft images,
// and script-src naming the hashes of the inline scripts of the page as rendered: the answer is
// held until it ends, then sent with them).
// Wrong tokens count against the caller's address (token-guard.ts): past the limit, 429.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Hono } from 'hono';
import { inlineScriptHashes } from '../release/headers/security-headers.ts';
import { allowInDirective, withScriptHashes } from './site-headers.ts';
import { messageOf, type Lang } from '../i18n/index.ts';
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

/**
 * Holds what the preview renderer writes until it ends, then sends it with the CSP of its inline
 * scripts (an editor's page: small, rendered once per request).
 */
function sendWithScriptHashes(res: HttpBindings['outgoing'], headers: Record<string, string>) {
  const chunks: Buffer[] = [];
  let head: Parameters<typeof res.writeHead> | undefined;
  const writeHead = res.writeHead.bind(res);
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const take = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    head = args;
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    take(chunk);
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    take(chunk);
    const body = Buffer.concat(chunks);
    // writeHead(status, [message], headers): the headers object, if one was given.
    const declared = head?.slice(1).find((a) => typeof a === 'object' && a !== null && !Array.isArray(a)) as
      Record<string, unknown> | undefined;
    const type = String(declared?.['content-type'] ?? res.getHeader('content-type') ?? '');
    const hashes = type.includes('html') ? inlineScriptHashes(body.toString('utf8')) : [];
    for (const [name, value] of Object.entries(withScriptHashes(headers, hashes))) res.setHeader(name, value);
    // Node's own end() calls this.writeHead when nothing did: the real methods again from here.
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
    if (head) writeHead(...head);
    const callback = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
    return callback ? end(body, callback) : end(body);
  }) as typeof res.end;
}

/** The preview's refusals, in the language of the page asked for. */
const REFUSALS: Record<Lang, { needToken: string; tooManyTries: string }> = {
  en: {
    needToken: 'A valid preview token is required.',
    tooManyTries: 'Too many wrong preview tokens from this address. Try again later.',
  },
  fr: {
    needToken: 'Un jeton d’aperçu valide est requis.',
    tooManyTries: 'Trop de jetons d’aperçu erronés depuis cette adresse. Réessayez plus tard.',
  },
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
    const lang: Lang = c.req.path.startsWith('/preview/fr/') ? 'fr' : 'en';
    const t = REFUSALS[lang];
    const wait = await context.guard.attempt(address);
    if (wait) return c.text(t.tooManyTries, 429, { ...headers, 'retry-after': String(wait) });
    if (!sameToken(c.req.query('token'), options.token)) return c.text(t.needToken, 401, headers);
    await context.guard.right(address);
    const res = c.env.outgoing;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    sendWithScriptHashes(res, headers);
    const locals = { preview: { cmsUrl: options.cmsUrl, user: options.cmsUser, password: options.cmsPassword } };
    return new Promise<Response>((resolve) => {
      res.once('finish', () => resolve(RESPONSE_ALREADY_SENT));
      res.once('close', () => resolve(RESPONSE_ALREADY_SENT));
      void handler(
        c.env.incoming,
        res,
        () => {
          if (!res.headersSent) {
            // The site's own words for it (« Page introuvable »), in the language of the path.
            res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
            res.end(messageOf(lang, 'error.title'));
          }
        },
        locals,
      );
    });
  });
}
