// POST /api/feedback: "was this page useful?" from every content page, stored and forwarded to
// the CMS's `feedback` webform (src/service/routes/form-route.ts does the rest). Without
// JavaScript the answer is a small page of its own (./answer-page.ts), not a return to the page.
import type { Context, Hono } from 'hono';
import type { Deps } from '../../../service/deps.ts';
import { registerFormRoute } from '../../../service/routes/form-route.ts';
import { BASELINE_HEADERS } from '../../../service/site-headers.ts';
import { feedbackSchema } from '../rules/feedback.ts';
import { SERVICE_PREFIXES } from '../../../site/rules/service-routes.ts';
import { feedbackAnswerPage } from './answer-page.ts';

const safePath = (p: string | undefined) =>
  p && /^\/(en|fr)\/[^\s]*$/.test(p) ? p.split('?')[0]!.split('#')[0]! : '/en/home';

async function answerPage(
  c: Context,
  deps: Deps,
  values: Record<string, string>,
  outcome: 'answered' | 'commented' | 'missing',
) {
  const lang = values.lang === 'fr' ? 'fr' : 'en';
  const html = feedbackAnswerPage({ lang, page: safePath(values.page), outcome });
  return c.html(html, outcome === 'missing' ? 400 : 200, (await deps.siteHeaders?.()) ?? BASELINE_HEADERS);
}

export function registerFeedbackRoute(app: Hono, deps: Deps) {
  registerFormRoute(app, deps, {
    path: `${SERVICE_PREFIXES.api}/feedback`,
    kind: 'feedback',
    webformId: 'feedback',
    schema: feedbackSchema,
    back: (v) => safePath(v.page),
    donePage: (c, deps, values) => answerPage(c, deps, values, values.answer ? 'answered' : 'commented'),
    invalidPage: (c, deps, { values }) => answerPage(c, deps, values, 'missing'),
  });
}
