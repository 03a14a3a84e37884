// The one way a form is accepted (feedback, corrections, the housing benefit application; each
// feature gives its own, the service registers them): the body read (JSON, or a plain form post
// unless the form is JSON only) within the form's size limit, the Idempotency-Key checked and
// replayed, the values checked by the form, then stored by the form with the key claimed in the
// same transaction, and answered.
import type { Context, Hono } from 'hono';
import type { Lang } from '../../i18n/languages.ts';
import { apiError } from '../api-errors.ts';
import { isSameSiteForm, type SiteOrigins } from '../form-origin.ts';
import {
  idempotencyKey,
  IdempotencyKeyTaken,
  rememberAnswer,
  replayIdempotent,
  requestHash,
  type Remember,
} from '../idempotency.ts';
import { limitBody } from '../limits.ts';
import type { Storage } from '../storage/types.ts';
import { readFormBody } from './form-body.ts';

type FormValues = Record<string, unknown>;

/** What a form's check decides: the value to store, or the answer that ends the request here. */
type Checked<T> = { value: T } | { answer: Response };

export interface AcceptedForm<T = unknown> {
  path: string;
  /** JSON only: a plain form post (what a cross-site form could send without a preflight) is 415. */
  jsonOnly?: boolean;
  /** Largest body; default the service's limit for forms. */
  maxBodyBytes?: number | undefined;
  /** The status of a stored answer (and of its replays); default 200. */
  status?: 200 | 201;
  /** The language a refusal is written in: default the body's `lang`, else Accept-Language. */
  lang?: (values: FormValues, c: Context) => Lang | undefined;
  check(c: Context, values: FormValues, request: { form: boolean; lang: Lang | undefined }): Promise<Checked<T>>;
  /** Stores `value`, calling `remember.claim` first and `remember.remember` last in its transaction (when given); the JSON answer, or a refusal. */
  store(
    c: Context,
    value: T,
    remember: Remember | undefined,
    request: { lang: Lang | undefined },
  ): Promise<{ body: object } | { answer: Response }>;
  /** A plain form post stored (or replayed): its page or redirect. */
  done?: (c: Context, values: Record<string, string>) => Promise<Response> | Response;
}

export interface FormPlatform {
  storage: Pick<Storage, 'idempotency'>;
  /** The service's body limit for forms that do not set theirs. */
  maxBodyBytes: number;
  /** This site's origins, for plain form posts (the request's own Host always counts). */
  site?: SiteOrigins | undefined;
}

/** The language a form says it is in (its page's), if it says. */
const formLang = (values: unknown) => {
  const lang = (values as { lang?: unknown } | null)?.lang;
  return lang === 'fr' || lang === 'en' ? lang : undefined;
};

export function registerForm<T>(app: Hono, platform: FormPlatform, form: AcceptedForm<T>) {
  const status = form.status ?? 200;
  app.post(form.path, limitBody(form.maxBodyBytes ?? platform.maxBodyBytes), async (c) => {
    const body = await readFormBody(c, { jsonOnly: form.jsonOnly ?? false });
    if ('refused' in body) return body.refused;
    // A form post from another site (cross-site request forgery) is refused.
    if (body.form && !isSameSiteForm(c.req.raw.headers, platform.site ?? {}))
      return apiError(c, 403, 'cross_site_form');
    const lang = (form.lang ?? formLang)(body.values, c);
    const read = idempotencyKey(c, lang);
    if ('refused' in read) return read.refused;
    const { key } = read;
    const hash = requestHash(body.values);
    const replay = await replayIdempotent(c, platform.storage, key, form.path, hash);
    if (replay) return replay;
    const values = body.values as Record<string, string>;
    const done = (response: Response) => (body.form && form.done ? form.done(c, values) : response);
    const checked = await form.check(c, body.values, { form: body.form, lang });
    if ('answer' in checked) return checked.answer;
    let stored: Awaited<ReturnType<typeof form.store>>;
    try {
      stored = await form.store(c, checked.value, rememberAnswer(key, form.path, status, hash), { lang });
    } catch (error) {
      // A racing request with this key stored first: its answer, now committed, is this one's.
      if (!(error instanceof IdempotencyKeyTaken)) throw error;
      const replay = await replayIdempotent(c, platform.storage, key, form.path, hash);
      if (!replay) throw error;
      return replay.status < 300 ? done(replay) : replay;
    }
    if ('answer' in stored) return stored.answer;
    return done(c.json(stored.body, status));
  });
}
