// POST /api/corrections: a correction request about a page, stored and forwarded to the CMS's
// `correction_request` webform (src/service/routes/form-route.ts does the rest). Without
// JavaScript, an invalid request is answered with the correction page itself, its form written
// again with the answers and errors.
import type { Hono } from 'hono';
import type { Deps } from '../../../service/deps.ts';
import { registerFormRoute } from '../../../service/routes/form-route.ts';
import { BASELINE_HEADERS } from '../../../service/site-headers.ts';
import { correctionSchema } from '../rules/correction.ts';
import { withCorrectionForm } from '../rules/correction-form.ts';
import { SERVICE_PREFIXES } from '../../../site/rules/service-routes.ts';

export function registerCorrectionRoute(app: Hono, deps: Deps) {
  registerFormRoute(app, deps, {
    path: `${SERVICE_PREFIXES.api}/corrections`,
    kind: 'correction',
    webformId: 'correction_request',
    schema: correctionSchema,
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
    async invalidPage(c, { sitePage, siteHeaders }, { values, fields }) {
      const lang = values.lang === 'fr' ? 'fr' : 'en';
      const page = await sitePage?.(`/${lang}/correction.html`).catch(() => undefined);
      const written = page && withCorrectionForm(page, { lang, values, codes: fields });
      // The page the site serves, so the headers the site serves it with (CSP, frame-ancestors, nosniff…).
      return written ? c.html(written, 400, (await siteHeaders?.()) ?? BASELINE_HEADERS) : undefined;
    },
  });
}
