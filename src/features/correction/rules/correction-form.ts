// The correction request form as HTML, written by the kit (form-html.ts): the page writes it
// empty at build time, and without JavaScript the intake service writes it again with the
// visitor's answers and their errors, in place of the built one (between the two markers), so
// both are the same markup by construction. Every answer is escaped: it is only ever text.
import type { Lang } from '../../../i18n/languages.ts';
import { messageFor } from '../../../i18n/validation.ts';
import { errorSummaryItem, errorSummaryTitle } from '../../../i18n/error-summary.ts';
import { fill } from '../../../i18n/define.ts';
import { escapeHtml as e } from '../../../site/rules/escape-html.ts';
import { correctionTypes } from './correction.ts';
import { describedBy, errorSummaryHtml, fieldHtml } from '../../../site/form/form-html.ts';
import { correctionStrings, correctionTypeLabels } from '../strings.ts';

const FORM_START = '<!--correction-form-->';
const FORM_END = '<!--/correction-form-->';

const fields = ['page', 'type', 'description', 'email'] as const;

export interface CorrectionFormState {
  lang: Lang;
  /** Where the form posts (the intake service's address). */
  action: string;
  values?: Record<string, string>;
  /** Error codes by field (src/i18n/validation.ts). */
  codes?: Record<string, string>;
}

export function correctionFormHtml({ lang, action, values = {}, codes = {} }: CorrectionFormState): string {
  const s = correctionStrings[lang];
  const labels = { page: s.page, type: s.type, description: s.description, email: s.email };
  const hints: Record<string, string | undefined> = { description: s.descriptionHint, email: s.emailHint };
  const errors = Object.fromEntries(fields.filter((f) => codes[f]).map((f) => [f, messageFor(lang, codes[f]!)]));
  const v = (f: string) => e(values[f] ?? '');
  const control = (f: (typeof fields)[number], id: string) => {
    const common = `id="${id}" name="${f}"${errors[f] ? ' aria-invalid="true"' : ''} aria-describedby="${describedBy(id, hints[f], true)}"`;
    if (f === 'type') {
      const options = correctionTypes
        .map(
          (t) =>
            `<option value="${t}"${values.type === t ? ' selected' : ''}>${e(correctionTypeLabels[lang][t])}</option>`,
        )
        .join('');
      return `<select ${common} required><option value="">${e(s.select)}</option>${options}</select>`;
    }
    if (f === 'description') return `<textarea ${common} rows="6" required maxlength="2000">${v(f)}</textarea>`;
    if (f === 'email') return `<input ${common} type="email" autocomplete="email" maxlength="254" value="${v(f)}">`;
    return `<input ${common} maxlength="500" value="${v(f)}">`;
  };
  const summary = errorSummaryHtml({
    id: 'correction-summary',
    title: errorSummaryTitle[lang].title,
    scripted: true,
    // Each line names the field and what is wrong with it.
    items: fields
      .filter((f) => errors[f])
      .map((f) => ({
        href: `#correction-${f}`,
        text: fill(lang, errorSummaryItem[lang].item, { label: labels[f], reason: errors[f]! }),
      })),
  });
  const body = fields
    .map((f) => {
      const id = `correction-${f}`;
      return fieldHtml({
        id,
        name: f,
        label: labels[f],
        hint: hints[f],
        error: errors[f],
        scripted: true,
        control: control(f, id),
      });
    })
    .join('');
  return (
    `${FORM_START}${summary}<h1>${e(s.correctionTitle)}</h1><p>${e(s.correctionIntro)}</p>` +
    `<form method="post" action="${e(action)}" novalidate><input type="hidden" name="lang" value="${lang}">` +
    `<div class="visually-hidden" aria-hidden="true"><label for="correction-website">${e(s.honeypot)}</label><input id="correction-website" name="website" tabindex="-1" autocomplete="off"></div>` +
    // The network error is only data until it happens (text browsers print hidden text).
    `${body}<p class="field-error" data-network-error data-text="${e(s.networkError)}"></p>` +
    // Filled by the page script while the device is offline (ui/correction.ts).
    `<p class="field-error" role="status" data-offline-notice data-text="${e(s.offline)}"></p><button type="submit" class="button">${e(s.submit)}</button></form>${FORM_END}`
  );
}

/** The built correction page with the form written again (answers, errors); undefined without the markers. */
export function withCorrectionForm(page: string, state: Omit<CorrectionFormState, 'action'>): string | undefined {
  const start = page.indexOf(FORM_START);
  const end = page.indexOf(FORM_END, start);
  if (start < 0 || end < 0) return undefined;
  // The built form's own action (the intake address the site was built with), kept as written.
  const built = page.slice(start, end);
  const at = built.indexOf(' action="') + ' action="'.length;
  const action = unescapeAttr(built.slice(at, built.indexOf('"', at)));
  return page.slice(0, start) + correctionFormHtml({ ...state, action }) + page.slice(end + FORM_END.length);
}

// The inverse of escapeHtml, &amp; last so that "&amp;lt;" stays "&lt;".
const unescapeAttr = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
