// A form whose answers are a submission (feedback, a correction request): checked with the
// feature's schema (a honeypot first: a field people never see), stored with its outbox item for
// the CMS's webform, answered with JSON or, for a plain form post, the form's page or a redirect.
import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldCodes } from '../../site/form/messages.ts';
import { apiError } from '../api-errors.ts';
import { rememberOrigin } from '../log/request-origins.ts';
import { storeSubmission } from '../outbox/submission-forwarder.ts';
import type { Storage } from '../storage/types.ts';
import type { AcceptedForm } from './form-route.ts';

export interface SubmissionForm {
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
    form: { values: Record<string, string>; fields: Record<string, string> },
  ) => Promise<Response | undefined>;
  /** Without JavaScript, a stored form post answered with a page (200) instead of a redirect to `back`. */
  donePage?: (c: Context, values: Record<string, string>) => Promise<Response>;
}

/** Where submissions go: the database, and the CMS when forwarding is on (WEBFORM_URL). */
export interface Submissions {
  storage: Storage;
  forwarding: boolean;
  outbox?: { wake: () => void } | undefined;
}

export function submissionForm(submissions: Submissions, form: SubmissionForm): AcceptedForm<Record<string, unknown>> {
  const done = (c: Context, values: Record<string, string>) =>
    form.donePage?.(c, values) ?? c.redirect(form.back(values, { ok: true }), 303);
  return {
    path: form.path,
    done,
    async check(c, input, request) {
      const values = input as Record<string, string>;
      // Honeypot: bots fill it; answer as if stored, store nothing.
      if (typeof values.website === 'string' && values.website.trim() !== '')
        return { answer: request.form ? await done(c, values) : c.json({ ok: true }, 200) };
      const parsed = form.schema.safeParse(values);
      if (parsed.success) return { value: parsed.data };
      const fields = fieldCodes(parsed.error.issues);
      // The form says its page's language; else the request's Accept-Language.
      const { lang } = request;
      if (!request.form)
        return { answer: apiError(c, 400, 'validation', { extra: { fields }, ...(lang ? { lang } : {}) }) };
      const page = await form.invalidPage?.(c, { values, fields });
      return { answer: page ?? c.redirect(form.back(values, { ok: false, fields }), 303) };
    },
    async store(_c, { website: _honeypot, ...data }, remember) {
      const webformId = submissions.forwarding ? form.webformId : undefined;
      const id = await storeSubmission(submissions.storage, { kind: form.kind, data, webformId }, remember);
      if (webformId) rememberOrigin('submission', String(id));
      submissions.outbox?.wake();
      return { body: { ok: true, id } };
    },
  };
}
