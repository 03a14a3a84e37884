// POST /api/feedback and /api/corrections: JSON for the islands, form posts without JavaScript.
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { correctionSchema } from '../../features/correction/rules/correction.ts';
import { withCorrectionForm } from '../../features/correction/rules/correction-form.ts';
import { feedbackSchema } from '../../features/feedback/rules/feedback.ts';
import { fieldCodes } from '../../site/form/messages.ts';
import type { Deps } from '../deps.ts';
import { isSameSiteForm, mediaType } from '../form-origin.ts';
import { SUBMISSION_KEY } from '../outbox/submission-forwarder.ts';
import { rememberAnswer, replayIdempotent, requestHash } from '../idempotency.ts';
import { badRequest, deeperThan, MAX_JSON_DEPTH } from '../json-body.ts';
import { BASELINE_HEADERS } from '../site-headers.ts';

interface FormRoute {
  path: string;
  kind: string;
  webformId: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** Where a plain form post goes back to, given the submitted values. */
  back: (
    values: Record<string, string>,
    outcome: { ok: true } | { ok: false; fields: Record<string, string> },
  ) => string;
}

const safePath = (p: string | undefined) =>
  p && /^\/(en|fr)\/[^\s]*$/.test(p) ? p.split('?')[0]!.split('#')[0]! : '/en/home';

const routes: FormRoute[] = [
  {
    path: '/api/feedback',
    kind: 'feedback',
    webformId: 'feedback',
    schema: feedbackSchema as never,
    // Without JavaScript the thank-you shows through :target (see global.css).
    back: (v, outcome) =>
      `${safePath(v.page)}?feedback=${outcome.ok ? 'thanks' : 'error'}#${outcome.ok ? 'feedback-thanks' : 'feedback'}`,
  },
  {
    path: '/api/corrections',
    kind: 'correction',
    webformId: 'correction_request',
    schema: correctionSchema as never,
    back: (v, outcome) => {
      const lang = v.lang === 'fr' ? 'fr' : 'en';
      if (outcome.ok) return `/${lang}/correction/thanks`;
      const q = new URLSearchParams({
        page: v.page ?? '',
        type: v.type ?? '',
        description: v.description ?? '',
        email: v.email ?? '',
        errors: Object.entries(outcome.fields)
          .map(([f, c]) => `${f}:${c}`)
          .join(','),
      });
      return `/${lang}/correction?${q}`;
    },
  },
];

type Body = { form: boolean; values: Record<string, unknown> };

/** JSON (the islands) or a plain form post (no JavaScript); anything else is 415. */
async function readBody(c: Context): Promise<Body | 'bad' | 'unsupported'> {
  const type = mediaType(c.req.header('content-type'));
  try {
    if (type === 'application/json') {
      const values: unknown = await c.req.json();
      return deeperThan(values, MAX_JSON_DEPTH) ? 'bad' : { form: false, values: values as Record<string, unknown> };
    }
    if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
      const body = await c.req.parseBody();
      return {
        form: true,
        values: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : ''])),
      };
    }
  } catch {
    return 'bad';
  }
  return 'unsupported';
}

export function registerSubmissionRoutes(app: Hono, deps: Deps) {
  for (const route of routes) {
    app.post(route.path, async (c) => {
      const body = await readBody(c);
      if (body === 'unsupported') return c.json({ error: 'unsupported_media_type' }, 415);
      if (body === 'bad' || typeof body.values !== 'object' || body.values === null || Array.isArray(body.values)) {
        return badRequest(c);
      }
      // A form post from another site (cross-site request forgery) is refused.
      if (body.form && !isSameSiteForm(c.req.raw.headers, deps.config.site ?? {}))
        return c.json({ error: 'cross_site_form' }, 403);
      const key = c.req.header('idempotency-key');
      const hash = requestHash(body.values);
      const replay = replayIdempotent(c, deps.storage, key, route.path, hash);
      if (replay) return replay;
      const values = body.values as Record<string, string>;
      // Honeypot: a field people never see. Bots fill it; answer as if stored, store nothing.
      if (typeof values.website === 'string' && values.website.trim() !== '') {
        return body.form ? c.redirect(route.back(values, { ok: true }), 303) : c.json({ ok: true }, 200);
      }
      const parsed = route.schema.safeParse(values);
      if (!parsed.success) {
        const fields = fieldCodes(parsed.error.issues);
        if (!body.form) return c.json({ error: 'validation', fields }, 400);
        // Without JavaScript: the correction page itself, its form written again with the answers and errors.
        const lang = values.lang === 'fr' ? 'fr' : 'en';
        const page =
          route.kind === 'correction'
            ? await deps.sitePage?.(`/${lang}/correction/index.html`).catch(() => undefined)
            : undefined;
        const written = page && withCorrectionForm(page, { lang, values, codes: fields });
        // The page the site serves, so the headers the site serves it with (CSP, frame-ancestors, nosniff…).
        if (written) return c.html(written, 400, (await deps.siteHeaders?.()) ?? BASELINE_HEADERS);
        return c.redirect(route.back(values, { ok: false, fields }), 303);
      }
      const { website: _honeypot, ...data } = parsed.data as Record<string, unknown>;
      // A stable key per submission: the CMS's unique element refuses a second copy of it.
      const forward = deps.config.webformUrl
        ? { webformId: route.webformId, payload: { ...data, [SUBMISSION_KEY]: randomUUID() } }
        : undefined;
      const id = deps.storage.saveSubmission(route.kind, data, forward);
      deps.outbox?.wake();
      const answer = { ok: true, id };
      rememberAnswer(deps.storage, key, route.path, { status: 200, body: answer, requestHash: hash }, deps.log);
      return body.form ? c.redirect(route.back(values, { ok: true }), 303) : c.json(answer, 200);
    });
  }
}
