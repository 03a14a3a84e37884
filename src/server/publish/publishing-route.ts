// GET /hooks/cms/publishing: the editors' page (the JSON status stays at /hooks/cms/status for
// machines). A valid ?token= sets the session cookie and redirects to the same page without it,
// so the token does not stay in the address bar or the browser history.
import type { Env, Hono } from 'hono';
import { createPublishingAccess } from './publishing-access.ts';
import { PUBLISHING_PAGE_CSP, renderPublishingPage } from './publishing-page.ts';
import { pickLanguage, publishingStrings } from './publishing-strings.ts';
import type { Publisher } from './publisher.ts';

const PRIVATE = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'content-security-policy': PUBLISHING_PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function mountPublishingPage<E extends Env>(
  app: Hono<E>,
  options: { publisher: Publisher; tokens: Array<string | undefined> },
) {
  const access = createPublishingAccess(options.tokens);
  app.get('/cms/publishing', async (c) => {
    const lang = pickLanguage(c.req.query('lang'), c.req.header('accept-language'));
    const token = c.req.query('token');
    if (token !== undefined) {
      const url = new URL(c.req.url);
      const secure = url.protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
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
      const t = publishingStrings[lang];
      const body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${t.title}</title></head><body><main><h1>${t.title}</h1><p>${t.needToken}</p></main></body></html>\n`;
      return new Response(body, {
        status: 401,
        headers: { ...PRIVATE, 'content-type': 'text/html; charset=utf-8', 'www-authenticate': 'Bearer' },
      });
    }
    const html = renderPublishingPage(await options.publisher.status(), lang);
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
