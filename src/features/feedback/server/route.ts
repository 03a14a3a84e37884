// POST /api/feedback: "was this page useful?" from every content page, stored and forwarded to
// the CMS's `feedback` webform (src/service/routes/form-route.ts does the rest).
import type { Hono } from 'hono';
import type { Deps } from '../../../service/deps.ts';
import { registerFormRoute } from '../../../service/routes/form-route.ts';
import { feedbackSchema } from '../rules/feedback.ts';
import { SERVICE_PREFIXES } from '../../../site/rules/service-routes.ts';

const safePath = (p: string | undefined) =>
  p && /^\/(en|fr)\/[^\s]*$/.test(p) ? p.split('?')[0]!.split('#')[0]! : '/en/home';

export function registerFeedbackRoute(app: Hono, deps: Deps) {
  registerFormRoute(app, deps, {
    path: `${SERVICE_PREFIXES.api}/feedback`,
    kind: 'feedback',
    webformId: 'feedback',
    schema: feedbackSchema,
    // Without JavaScript the thank-you shows through :target (see global.css).
    back: (v, outcome) =>
      `${safePath(v.page)}?feedback=${outcome.ok ? 'thanks' : 'error'}#${outcome.ok ? 'feedback-thanks' : 'feedback'}`,
  });
}
