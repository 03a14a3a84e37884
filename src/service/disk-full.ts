// A full disk (or quota) under DATA_DIR: the request gets 507 and a clear message in its language,
// the log gets the real cause, nothing half-written is kept (the storage and upload code undo
// their steps), and the next request after space returns works again: no state is cached. A
// database out of reach (storage/unavailable.ts) is a 503 the same way.
import type { Context } from 'hono';
import type { Lang } from '../i18n/languages.ts';
import { errorText } from './log/error-text.ts';
import type { LogLine } from './log/logger.ts';
import { BASELINE_HEADERS } from './site-headers.ts';
import { apiError, apiMessages } from './api-errors.ts';
import { isDiskFull } from './storage/disk-full-error.ts';
import { isConnectionLoss } from './storage/unavailable.ts';

const diskFullMessages: Record<Lang, string> = {
  en: 'We could not save what you sent because our server is out of storage space. Nothing was saved. Please try again in a few minutes, or call 1-833-733-7835.',
  fr: 'Nous n’avons pas pu enregistrer votre envoi, car l’espace de stockage de notre serveur est plein. Rien n’a été enregistré. Veuillez réessayer dans quelques minutes ou composer le 1-833-733-7835.',
};

export const diskFullBody = (lang: Lang) =>
  JSON.stringify({ error: 'insufficient_storage', message: diskFullMessages[lang] });

/** The language of the request: the body's `lang` when it was parsed, else the page it came from, else Accept-Language. */
async function requestLang(c: Context): Promise<Lang> {
  // Hono caches a body it has read, so reading it again here costs nothing.
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const read = type.startsWith('application/json')
    ? () => c.req.json()
    : type.includes('form')
      ? () => c.req.parseBody()
      : undefined;
  const body = (await read?.().catch(() => undefined)) as { lang?: unknown } | undefined;
  if (body?.lang === 'fr' || body?.lang === 'en') return body.lang;
  if (/^\/fr\//.test(new URL(c.req.header('referer') ?? 'http://x/', 'http://x').pathname)) return 'fr';
  return /^fr\b/i.test(c.req.header('accept-language') ?? '') ? 'fr' : 'en';
}

const isFormPost = (c: Context) => {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
};

/** A form posted without JavaScript gets a page, not JSON. */
const notSavedPage = (
  c: Context,
  lang: Lang,
  message: string,
  status: 503 | 507,
  headers: Record<string, string> = {},
) => {
  const title = lang === 'fr' ? 'Envoi non enregistré' : 'Not saved';
  return c.html(
    `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${message}</p></html>`,
    status,
    { ...BASELINE_HEADERS, ...headers },
  );
};

/** Hono error handler: 507 for a full disk, 503 for a database out of reach, 500 otherwise; the cause goes to the log, not to the caller. */
export function intakeErrorHandler(log: LogLine) {
  return async (error: Error, c: Context): Promise<Response> => {
    const lang = await requestLang(c);
    if (isConnectionLoss(error)) {
      log(`${c.req.method} ${c.req.routePath}: storage unavailable (${errorText(error)})`, { level: 'error' });
      const retry = { 'retry-after': '30' };
      if (isFormPost(c)) return notSavedPage(c, lang, apiMessages[lang].storage_unavailable, 503, retry);
      return apiError(c, 503, 'storage_unavailable', { lang, headers: retry });
    }
    if (!isDiskFull(error)) {
      log(`${c.req.method} ${c.req.routePath} failed: ${errorText(error)}`, { level: 'error' });
      return apiError(c, 500, 'server_error', { lang });
    }
    log(`${c.req.method} ${c.req.routePath}: storage full (${errorText(error)})`, { level: 'error' });
    if (isFormPost(c)) return notSavedPage(c, lang, diskFullMessages[lang], 507);
    return c.body(diskFullBody(lang), 507, { 'content-type': 'application/json; charset=utf-8' });
  };
}
