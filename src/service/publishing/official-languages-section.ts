// The publishing page's official-languages section: each live page still owed in the other
// language (src/release/official-languages/report.ts), with its title and address, what is owed,
// the days it has been live so, and its edit link in the CMS. Every value escaped where written.
import { fill } from '../../i18n/define.ts';
import type { Lang } from '../../i18n/languages.ts';
import { daysLive, type OfficialLanguagesReport, type OwedPage } from '../../release/official-languages/report.ts';
import { escapeHtml as escape } from '../../site/rules/escape-html.ts';
import { fieldLabel } from '../../i18n/field-labels.ts';
import { officialLanguagesStrings } from './official-languages-strings.ts';

/** A field's label, quoted as each language quotes. */
const quoted = (lang: Lang, label: string) => (lang === 'fr' ? `«\u202f${escape(label)}\u202f»` : `“${escape(label)}”`);

function row(lang: Lang, p: OwedPage, now: Date): string {
  const t = officialLanguagesStrings[lang];
  const owed =
    p.reason === 'one-language'
      ? escape(t[`oneLanguage.${p.lang}`])
      : `${escape(t.sameText)} ${p.fields.map((f) => quoted(lang, fieldLabel(lang, f))).join(lang === 'fr' ? '\u202f; ' : ', ')}`;
  const edit = p.editUrl
    ? `<a href="${escape(p.editUrl)}" aria-label="${escape(fill(lang, t.editLink, { title: p.title }))}">${escape(t.edit)}</a>`
    : escape(t.noEditLink);
  const days = daysLive(p.since, now);
  return `<tr data-owed="${escape(p.path)}" data-reason="${escape(p.reason)}"><td lang="${p.lang}"><a href="${escape(p.path)}">${escape(p.title)}</a></td><td>${owed}</td><td data-days="${days}">${escape(fill(lang, t.dayCount, { n: days }))}</td><td>${edit}</td></tr>`;
}

export function officialLanguagesSection(lang: Lang, report: OfficialLanguagesReport | null, now: Date): string {
  const t = officialLanguagesStrings[lang];
  const body = !report
    ? `<p>${escape(t.unknown)}</p>`
    : report.pages.length === 0
      ? `<p>${escape(t.none)}</p>`
      : `<p data-owed-count="${report.count}">${escape(fill(lang, t.count, { n: report.count }))} ${escape(t.listIntro)}</p><table><thead><tr><th scope="col">${escape(t.page)}</th><th scope="col">${escape(t.owed)}</th><th scope="col">${escape(t.days)}</th><th scope="col">${escape(t.edit)}</th></tr></thead><tbody>${report.pages.map((p) => row(lang, p, now)).join('\n')}</tbody></table>`;
  return `<section aria-labelledby="languages-h" data-official-languages>
<h2 id="languages-h">${escape(t.heading)}</h2>
<p>${escape(t.intro).replace('{act}', `<em>${escape(t.act)}</em>`)}</p>
${body}
</section>`;
}
