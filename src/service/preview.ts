// Mounts the draft preview server (dist-preview/, built by astro.preview.config.mjs) under
// /preview: `/preview/{lang}/{bundle}/{uuid}?token=PREVIEW_TOKEN` renders a node's latest
// revision with the editor account. Off unless PREVIEW_TOKEN is set. The pages are rendered out of
// the service's process (preview-renderer.ts), with a heap, a time and a byte bound of their own:
// a draft that costs more gets a translated error page and the service keeps answering. Its own
// assets are under /preview/_astro/ (they are not secret); every page answer is `no-store` and
// `noindex`, and carries the site's security headers (its CSP, with the CMS added to img-src for
// draft images, and script-src naming the hashes of the inline scripts of the page as rendered).
// Wrong tokens count against the caller's address (token-guard.ts): past the limit, 429.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Hono } from 'hono';
import { inlineScriptHashes } from '../release/headers/security-headers.ts';
import { allowInDirective, withScriptHashes } from './site-headers.ts';
import type { Lang } from '../i18n/index.ts';
import { previewRenderer, type Rendered } from './preview-renderer.ts';
import type { TokenGuard } from './token-guard.ts';
import { SERVICE_PREFIXES } from '../site/rules/service-routes.ts';
import { previewLang } from './preview-lang.ts';
// Compared as digests of equal length: neither the time nor the length of the answer says anything of the token.
import { matchesToken } from './publishing/editor-auth.ts';

export interface PreviewOptions {
  /** The preview build (dist-preview/). */
  dir: string;
  token: string;
  cmsUrl: string;
  cmsUser?: string | undefined;
  cmsPassword?: string | undefined;
  /** The renderer's JavaScript heap in MB (PREVIEW_MEMORY_MB; default 512). */
  memoryMb?: number | undefined;
  /** Longest render (default 30 s). */
  timeoutMs?: number | undefined;
  /** Most bytes of the CMS's answer and of the page (CMS_MAX_RESPONSE_MB; default 32 MB). */
  maxResponseBytes?: number | undefined;
}

const NOINDEX = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };
const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The preview's refusals, in the language of the page asked for. */
const REFUSALS: Record<Lang, { needToken: string; tooManyTries: string; failed: string }> = {
  en: {
    needToken: 'A valid preview token is required.',
    tooManyTries: 'Too many wrong preview tokens from this address. Try again later.',
    failed:
      'This draft could not be previewed: it needs more than a preview may use (memory, time or size). The public site and its forms are not affected. Check the draft’s references (related programs, categories, images), then try again.',
  },
  fr: {
    needToken: 'Un jeton d’aperçu valide est requis.',
    tooManyTries: 'Trop de jetons d’aperçu erronés depuis cette adresse. Réessayez plus tard.',
    failed:
      'Cette ébauche n’a pas pu être affichée : elle demande plus qu’un aperçu ne peut utiliser (mémoire, temps ou taille). Le site public et ses formulaires ne sont pas touchés. Vérifiez les références de l’ébauche (programmes connexes, catégories, images), puis réessayez.',
  },
};

/** What the preview shares with the rest of the service. */
export interface PreviewContext {
  guard: TokenGuard;
  clientAddress: (request: Request, env: unknown) => string;
  /** The live site's security headers (site-headers.ts). */
  siteHeaders: () => Promise<Record<string, string>>;
  /** Says why a preview failed (the editor's page says only that it did). */
  warn: (message: string) => void;
}

/** The request's path and query, and the few headers the renderer reads. */
function renderRequest(incoming: HttpBindings['incoming']): [string, Record<string, string>] {
  const headers: Record<string, string> = {};
  for (const name of ['host', 'accept', 'accept-language', 'user-agent']) {
    const value = incoming.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return [incoming.url ?? '/', headers];
}

export async function mountPreview(
  app: Hono<{ Bindings: HttpBindings }>,
  options: PreviewOptions,
  context: PreviewContext,
): Promise<{ close: () => void }> {
  const entry = path.join(options.dir, 'server', 'entry.mjs');
  if (!(await stat(entry).catch(() => null)))
    throw new Error(
      `PREVIEW_TOKEN is set but the preview server is not built: run npm run build:preview (missing ${entry}).`,
    );
  const renderer = previewRenderer({
    entry,
    cmsUrl: options.cmsUrl,
    cmsUser: options.cmsUser,
    cmsPassword: options.cmsPassword,
    memoryMb: options.memoryMb ?? 512,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxResponseBytes: options.maxResponseBytes ?? 32 * 1024 * 1024,
  });
  const client = path.join(options.dir, 'client');

  app.get(`${SERVICE_PREFIXES.preview}/_astro/*`, async (c) => {
    const file = path.resolve(client, `.${c.req.path.slice(SERVICE_PREFIXES.preview.length)}`);
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
  app.get(`${SERVICE_PREFIXES.preview}/*`, async (c) => {
    const headers = { ...allowInDirective(await context.siteHeaders(), 'img-src', cmsOrigin), ...NOINDEX };
    const address = context.clientAddress(c.req.raw, c.env);
    const lang = previewLang(c.req.path);
    const t = REFUSALS[lang];
    const wait = await context.guard.attempt(address);
    if (wait) return c.text(t.tooManyTries, 429, { ...headers, 'retry-after': String(wait) });
    if (!matchesToken(c.req.query('token'), [options.token])) return c.text(t.needToken, 401, headers);
    await context.guard.right(address);
    const rendered: Rendered = await renderer.render(...renderRequest(c.env.incoming));
    if ('failed' in rendered) {
      context.warn(`preview of ${c.req.path} failed (${rendered.failed}: ${rendered.detail})`);
      return c.text(t.failed, 503, headers);
    }
    // The page's own inline scripts by their hashes (the live site's are of other pages).
    const hashes = rendered.contentType.includes('html') ? inlineScriptHashes(rendered.body.toString('utf8')) : [];
    return c.body(new Uint8Array(rendered.body), rendered.status as 200, {
      ...withScriptHashes(headers, hashes),
      'content-type': rendered.contentType,
    });
  });
  return { close: () => renderer.close() };
}
