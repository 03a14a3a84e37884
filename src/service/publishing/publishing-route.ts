// GET /hooks/cms/publishing: the editors' page (the JSON status stays at /hooks/cms/status for
// machines). A valid ?token= sets the session cookie and redirects to the same page without it,
// so the token does not stay in the address bar or the browser history. Wrong tokens count
// against the caller's address (token-guard.ts): past the limit, 429 whatever is presented.
import type { Env, Hono } from 'hono';
import { fill } from '../../i18n/define.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { TokenGuard } from '../token-guard.ts';
import { presentedToken } from './editor-auth.ts';
import { createPublishingAccess } from './publishing-access.ts';
import { PUBLISHING_PAGE_CSP, renderPublishingPage } from './publishing-page.ts';
import { pickLanguage, publishingStrings } from './publishing-strings.ts';
import { PUBLISHER_RETRY_AFTER, unavailableOnly, type PublishingBackend } from './publisher-client.ts';

const PRIVATE = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'content-security-policy': PUBLISHING_PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const plainPage = (lang: Lang, text: string) => {
  const t = publishingStrings[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${t.title}</title></head><body><main><h1>${t.title}</h1><p>${text}</p></main></body></html>\n`;
};

export function mountPublishingPage<E extends Env>(
  app: Hono<E>,
  options: {
    publisher: PublishingBackend;
    tokens: Array<string | undefined>;
    guard: TokenGuard;
    clientAddress: (request: Request, env: unknown) => string;
    now?: () => number;
    /** The public origin is https: the cookie is Secure even when the proxy said nothing of its scheme. */
    httpsOrigin?: boolean | undefined;
  },
) {
  const access = createPublishingAccess(options.tokens, options.now);
  app.get('/cms/publishing', async (c) => {
    const lang = pickLanguage(c.req.query('lang'), c.req.header('accept-language'));
    const presented = presentedToken(c.req.raw);
    if (presented !== undefined) {
      const address = options.clientAddress(c.req.raw, c.env);
      const wait = await options.guard.attempt(address);
      if (wait) {
        const text = fill(lang, publishingStrings[lang].tooManyTries, { n: Math.ceil(wait / 60) });
        return new Response(plainPage(lang, text), {
          status: 429,
          headers: { ...PRIVATE, 'content-type': 'text/html; charset=utf-8', 'retry-after': String(wait) },
        });
      }
      if (access.isToken(presented)) await options.guard.right(address);
    }
    const token = c.req.query('token');
    if (token !== undefined) {
      const url = new URL(c.req.url);
      const secure =
        options.httpsOrigin === true || url.protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
      const cookie = access.sessionCookie(token);
      if (cookie) {
        url.searchParams.delete('token');
        return new Response(null, {
          status: 303,
          headers: {
            ...PRIVATE,
            location: `${url.pathname}${url.search}`,
            'set-cookie': secure ? `${cookie}; Secure` : cookie,
          },
        });
      }
    }
    if (!access.isPublishingViewer(c.req.raw)) {
      return new Response(plainPage(lang, publishingStrings[lang].needToken), {
        status: 401,
        headers: { ...PRIVATE, 'content-type': 'text/html; charset=utf-8', 'www-authenticate': 'Bearer' },
      });
    }
    const status = await options.publisher.status().catch(unavailableOnly);
    if (!status) {
      // The site and its forms do not depend on the publisher; saves wait in the CMS's retries.
      return new Response(plainPage(lang, publishingStrings[lang].unavailable), {
        status: 503,
        headers: {
          ...PRIVATE,
          'content-type': 'text/html; charset=utf-8',
          'retry-after': String(PUBLISHER_RETRY_AFTER),
        },
      });
    }
    const html = renderPublishingPage(status, lang);
    return new Response(html, {
      headers: {
        ...PRIVATE,
        'content-type': 'text/html; charset=utf-8',
        'content-language': lang,
        vary: 'Accept-Language, Cookie, Authorization',
      },
    });
  });
}
