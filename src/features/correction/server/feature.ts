// The correction feature's seam: POST /api/corrections, a correction request about a page, stored
// and forwarded to the CMS's `correction_request` webform (the service's form route does the
// rest). Without JavaScript, an invalid request is answered with the correction page itself, its
// form written again with the answers and errors.
import type { IntakeFeature } from '../../../service/platform/feature.ts';
import { submissionForm } from '../../../service/platform/forms.ts';
import { correctionSchema } from '../rules/correction.ts';
import { withCorrectionForm } from '../rules/correction-form.ts';
import { SERVICE_PREFIXES } from '../../../site/rules/service-routes.ts';

export const correctionFeature: IntakeFeature = {
  name: 'correction',
  start: (context) => ({
    forms: [
      submissionForm(context.submissions, {
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
        async invalidPage(c, { values, fields }) {
          const lang = values.lang === 'fr' ? 'fr' : 'en';
          const page = await context.sitePage(`/${lang}/correction.html`).catch(() => undefined);
          const written = page && withCorrectionForm(page, { lang, values, codes: fields });
          // The page the site serves, so the headers the site serves it with (CSP, frame-ancestors, nosniff…).
          return written ? c.html(written, 400, await context.siteHeaders()) : undefined;
        },
      }),
    ],
  }),
};
