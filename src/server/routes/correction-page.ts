// Without JavaScript, a correction form with errors comes back as the site's own correction page
// with the errors written in: beside each field, in the summary (linking to the fields), and the
// answers kept. Works on the built HTML's known markers; the islands' script does the same live.
// Every insertion goes through a replacement function: a replacement string would interpret `$&`,
// `` $` `` and `$'` in the visitor's answers as parts of the page.
import { formStrings } from '../../components/correction/strings.ts';
import { messageFor } from '../../logic/forms/messages.ts';
import type { Lang } from '../../i18n/languages.ts';
import { escapeHtml as escape } from '../../logic/escape-html.ts';

const fields = ['page', 'type', 'description', 'email'] as const;

export function renderCorrectionErrors(html: string, lang: Lang, values: Record<string, string>, codes: Record<string, string>): string {
  const s = formStrings[lang];
  const labels: Record<(typeof fields)[number], string> = { page: s.page, type: s.type, description: s.description, email: s.email };
  let out = html;
  const links: string[] = [];
  for (const field of fields) {
    const code = codes[field];
    if (code) {
      const message = escape(messageFor(lang, code));
      out = out.replace(`<p class="field-error" id="correction-${field}-error" hidden></p>`, () => `<p class="field-error" id="correction-${field}-error">${message}</p>`);
      out = out.replace(`<div class="field" data-field="${field}">`, () => `<div class="field field-invalid" data-field="${field}">`);
      links.push(`<li><a href="#correction-${field}">${escape(labels[field])}</a></li>`);
    }
    const value = values[field] ?? '';
    if (!value) continue;
    if (field === 'description') out = out.replace(/(<textarea id="correction-description"[^>]*>)(<\/textarea>)/, (_, open: string, close: string) => `${open}${escape(value)}${close}`);
    else if (field === 'type') out = out.replace(`<option value="${escape(value)}">`, () => `<option value="${escape(value)}" selected>`);
    else out = out.replace(`<input id="correction-${field}" name="${field}"`, () => `<input id="correction-${field}" name="${field}" value="${escape(value)}"`);
  }
  if (links.length) {
    out = out.replace(/(<div class="error-summary"[^>]*?) hidden( data-summary>[\s\S]*?<ul>)(<\/ul>)/, (_, start: string, middle: string, end: string) => `${start}${middle}${links.join('')}${end}`);
  }
  return out;
}
