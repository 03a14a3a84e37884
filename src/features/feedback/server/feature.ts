// The feedback feature's seam: POST /api/feedback, "was this page useful?" from every content
// page, stored and forwarded to the CMS's `feedback` webform (the service's form route does the
// rest). Without JavaScript the answer is a small page of its own (./answer-page.ts), not a
// return to the page.
import type { Context } from 'hono';
import type { FeatureContext, IntakeFeature } from '../../../service/platform/feature.ts';
import { submissionForm } from '../../../service/platform/forms.ts';
import { feedbackSchema } from '../rules/feedback.ts';
import { SERVICE_PREFIXES } from '../../../site/rules/service-routes.ts';
import { feedbackAnswerPage } from './answer-page.ts';

const safePath = (p: string | undefined) =>
  p && /^\/(en|fr)\/[^\s]*$/.test(p) ? p.split('?')[0]!.split('#')[0]! : '/en/home';

async function answerPage(
  c: Context,
  context: FeatureContext,
  values: Record<string, string>,
  outcome: 'answered' | 'commented' | 'missing',
) {
  const lang = values.lang === 'fr' ? 'fr' : 'en';
  const html = feedbackAnswerPage({ lang, page: safePath(values.page), outcome });
  return c.html(html, outcome === 'missing' ? 400 : 200, await context.siteHeaders());
}

export const feedbackFeature: IntakeFeature = {
  name: 'feedback',
  start: (context) => ({
    forms: [
      submissionForm(context.submissions, {
        path: `${SERVICE_PREFIXES.api}/feedback`,
        kind: 'feedback',
        webformId: 'feedback',
        schema: feedbackSchema,
        back: (v) => safePath(v.page),
        // A comment sent with the answer (a text browser shows the box before Yes and No) is not asked for again.
        donePage: (c, values) =>
          answerPage(c, context, values, values.answer && !values.comment?.trim() ? 'answered' : 'commented'),
        invalidPage: (c, { values }) => answerPage(c, context, values, 'missing'),
      }),
    ],
  }),
};
