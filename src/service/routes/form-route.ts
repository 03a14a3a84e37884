// A form route (POST /api/feedback, /api/corrections; each feature registers its own): JSON for
// the enhance scripts, plain form posts without JavaScript. Same-site check for form posts,
// Idempotency-Key replay, a honeypot, validation with the feature's schema, then the submission
// and its outbox item stored together before the answer.
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { fieldCodes } from '../../site/form/messages.ts';
import type { Deps } from '../deps.ts';
import { apiError } from '../api-errors.ts';
import { isSameSiteForm } from '../form-origin.ts';
import { idempotencyKey, IdempotencyKeyTaken, rememberAnswer, replayIdempotent, requestHash } from '../idempotency.ts';
import { badRequest } from '../json-body.ts';
import { rememberOrigin } from '../log/request-origins.ts';
import { storeSubmission } from '../outbox/submission-forwarder.ts';
import { readFormBody } from './form-body.ts';

export interface FormRoute {
  path: string;
  /** What the submission is stored as (feedback, correction). */
  kind: string;
  /** The CMS webform it is forwarded to. */
  webformId: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** Where a plain form post goes back to, given the submitted values. */
  back: (
    values: Record<string, string>,
    outcome: { ok: true } | { ok: false; fields: Record<string, string> },
  ) => string;
  /** Without JavaScript, an invalid form post answered with a page (400) instead of a redirect to `back`. */
  invalidPage?: (
    c: Context,
    deps: Deps,
    form: { values: Record<string, string>; fields: Record<string, string> },
  ) => Promise<Response | undefined>;
  /** Without JavaScript, a stored form post answered with a page (200) instead of a redirect to `back`. */
  donePage?: (c: Context, deps: Deps, values: Record<string, string>) => Promise<Response>;
}

/** The language a form says it is in (its page's), if it says. */
const formLang = (values: unknown) => {
  const lang = (values as { lang?: unknown } | null)?.lang;
  return lang === 'fr' || lang === 'en' ? lang : undefined;
};

export function registerFormRoute(app: Hono, deps: Deps, route: FormRoute) {
  const done = (c: Context, values: Record<string, string>) =>
    route.donePage?.(c, deps, values) ?? c.redirect(route.back(values, { ok: true }), 303);
  app.post(route.path, async (c) => {
    const body = await readFormBody(c);
    if (body === 'unsupported') return apiError(c, 415, 'unsupported_media_type');
    if (body === 'bad' || typeof body.values !== 'object' || body.values === null || Array.isArray(body.values)) {
      return badRequest(c);
    }
    // A form post from another site (cross-site request forgery) is refused.
    if (body.form && !isSameSiteForm(c.req.raw.headers, deps.config.site ?? {}))
      return apiError(c, 403, 'cross_site_form');
    const read = idempotencyKey(c, formLang(body.values));
    if ('refused' in read) return read.refused;
    const { key } = read;
    const hash = requestHash(body.values);
    const replay = await replayIdempotent(c, deps.storage, key, route.path, hash);
    if (replay) return replay;
    const values = body.values as Record<string, string>;
    // Honeypot: a field people never see. Bots fill it; answer as if stored, store nothing.
    if (typeof values.website === 'string' && values.website.trim() !== '') {
      return body.form ? done(c, values) : c.json({ ok: true }, 200);
    }
    const parsed = route.schema.safeParse(values);
    if (!parsed.success) {
      const fields = fieldCodes(parsed.error.issues);
      // The form says its page's language; else the request's Accept-Language.
      const lang = formLang(values);
      if (!body.form) return apiError(c, 400, 'validation', { extra: { fields }, ...(lang ? { lang } : {}) });
      const page = await route.invalidPage?.(c, deps, { values, fields });
      return page ?? c.redirect(route.back(values, { ok: false, fields }), 303);
    }
    const { website: _honeypot, ...data } = parsed.data;
    const webformId = deps.config.webformUrl ? route.webformId : undefined;
    let id: number;
    try {
      id = await storeSubmission(
        deps.storage,
        { kind: route.kind, data, webformId },
        rememberAnswer(key, route.path, 200, hash),
      );
    } catch (error) {
      // A racing request with this key stored first: its answer, now committed, is this one's.
      if (!(error instanceof IdempotencyKeyTaken)) throw error;
      const replay = await replayIdempotent(c, deps.storage, key, route.path, hash);
      if (!replay) throw error;
      return body.form && replay.status < 300 ? done(c, values) : replay;
    }
    if (webformId) rememberOrigin('submission', String(id));
    deps.outbox?.wake();
    const answer = { ok: true, id };
    return body.form ? done(c, values) : c.json(answer, 200);
  });
}
