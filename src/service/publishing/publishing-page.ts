// The editors' publishing page (GET /hooks/cms/publishing): the live release, recent builds with
// what triggered them, how long they took, their result and warnings. Plain HTML from the
// publisher's status, no script; `noindex`, never cached.
import { createHash } from 'node:crypto';
import type { BuildWarning } from '../../content/build-warnings.ts';
import type { HistoryEntry } from './publisher-client.ts';
import type { BuildProgress } from '../../release/build/progress.ts';
import { fill } from '../../i18n/define.ts';
import { locale, type Lang } from '../../i18n/languages.ts';
import { formatNumber } from '../../i18n/typography/numbers.ts';
import { formatDateTime } from '../../i18n/typography/dates.ts';
import { publishingStrings } from './publishing-strings.ts';
import { saveStrings } from './save-strings.ts';
import { officialLanguagesSection } from './official-languages-section.ts';
import type { OfficialLanguagesReport } from '../../release/official-languages/report.ts';
import { escapeHtml as escape } from '../../site/rules/escape-html.ts';

export interface PublishingStatus {
  currentRelease: string | null;
  live: { builtAt?: string; pages?: number } | null;
  building: boolean;
  queued: number;
  history: HistoryEntry[];
  /** The live release's official-languages report (null: none live, or built before it existed). */
  officialLanguages?: OfficialLanguagesReport | null;
  /** The running build's phase, and pages done of total while pages render. */
  progress?: BuildProgress | null;
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#1b1b1b}table{border-collapse:collapse;width:100%}th,td{border:1px solid #767676;padding:.4rem;text-align:left;vertical-align:top}.failed{color:#a4000f;font-weight:600}.success{color:#14652b;font-weight:600}pre{white-space:pre-wrap;font-size:.85rem}';
/** For the page's Content-Security-Policy: the one inline style, by hash. */
export const PUBLISHING_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** One save as a phrase of its language (save-strings.ts); every value escaped where it is written. */
function savePhrase(lang: Lang, e: HistoryEntry['events'][number]): string {
  const t = saveStrings[lang] as Record<string, string>;
  const what = !e.bundle
    ? escape(t['bundle.unknown']!)
    : t[`bundle.${e.bundle}`] !== undefined
      ? escape(t[`bundle.${e.bundle}`]!)
      : escape(t['bundle.other']!).replace('{bundle}', `<code>${escape(e.bundle)}</code>`);
  const event = t[`event.${e.event ?? 'unknown'}`] ?? t['event.unknown']!;
  const version = e.langcode && t[`lang.${e.langcode}`] ? ` ${escape(t[`lang.${e.langcode}`]!)}` : '';
  return `${escape(event).replace('{what}', what)}${version}${e.id ? ` <code>${escape(e.id)}</code>` : ''}`;
}

/** What started a build: the saves that triggered it (three at most), or "a change in the CMS". */
function triggerHtml(lang: Lang, b: HistoryEntry): string {
  const t = publishingStrings[lang];
  // The trigger's own text is the service's English summary: never shown as it is.
  if (b.events.length === 0) return escape(t.unknownChange);
  const shown = b.events.slice(0, 3).map((e) => savePhrase(lang, e));
  return shown.join('<br>') + (b.events.length > 3 ? `<br>${fill(lang, t.moreSaves, { n: b.events.length - 3 })}` : '');
}

/** "of 1 page" / "of 4,784 pages" (French: 0 and 1 take the singular). */
const pages = (lang: Lang, total: number) =>
  new Intl.PluralRules(locale(lang)).select(total) === 'one'
    ? publishingStrings[lang].progressPage
    : publishingStrings[lang].progressPages;

/** Where the running build is: its phase, with pages (or steps) done of total when counted. */
function progressHtml(lang: Lang, progress: BuildProgress | null | undefined): string {
  if (!progress) return '';
  const t = publishingStrings[lang];
  // A phase without a name here (a new publisher phase) is shown as the publisher names it, in English.
  const known = (t as Record<string, unknown>)[`phase.${progress.phase}`];
  const phase = typeof known === 'string' ? escape(known) : `<span lang="en">${escape(progress.phase)}</span>`;
  const { done, total } = progress;
  const text =
    total === undefined || done === undefined
      ? fill(lang, t.progressPhase, { phase })
      : fill(lang, progress.phase !== 'render' ? t.progressCounted : pages(lang, total), {
          phase,
          done,
          total,
          percent: total ? Math.floor((done / total) * 100) : 0,
        });
  return `<p data-build-progress="${escape(progress.phase)}">${text} ${escape(t.progressReload)}</p>`;
}

export function renderPublishingPage(status: PublishingStatus, lang: Lang, now = new Date()): string {
  const t = publishingStrings[lang];
  const named = (prefix: string, name: string) => {
    const known = (t as Record<string, unknown>)[`${prefix}.${name}`];
    return typeof known === 'string' ? known : name;
  };
  const time = (iso: string | null | undefined) => (iso ? formatDateTime(lang, iso) : '');
  const seconds = (ms: number | null) =>
    ms === null ? '' : fill(lang, t.seconds, { n: formatNumber(lang, ms / 1000, 1) });

  const label = (name: string) => fill(lang, t.labelled, { name });
  const quote = (text: string) => fill(lang, t.quoted, { text });
  const warning = (w: BuildWarning) => {
    const parts: string[] = [];
    if (w.page) parts.push(`${label(t.page)}<a href="${escape(w.page)}">${escape(w.page)}</a>`);
    if (w.linkText !== undefined) parts.push(`${label(t.linkText)}${quote(escape(w.linkText))}`);
    if (w.target) parts.push(`${label(t.target)}<code>${escape(w.target)}</code>`);
    if (w.node)
      parts.push(
        `${label(t.content)}<code>${escape(w.node.type)} ${escape(w.node.id)}</code> (${escape(named('lang', w.node.lang))})`,
      );
    if (w.field) parts.push(`${label(t.field)}<code>${escape(w.field)}</code>`);
    // The producers' message is English: shown only when nothing structured says what happened.
    if (parts.length === 0) parts.push(`<span lang="en">${escape(w.message)}</span>`);
    return `<li><strong>${escape(named('kind', w.kind))}</strong> — ${parts.join(t.separator)}</li>`;
  };
  const warningList = (list: BuildWarning[]) =>
    list.length ? `<ul>${list.map(warning).join('')}</ul>` : `<p>${t.noWarnings}</p>`;

  const trigger = (b: HistoryEntry) => triggerHtml(lang, b);
  const result = (b: HistoryEntry) => {
    if (b.result === 'running') return escape(t.running);
    if (b.result === 'failed')
      return `<span class="failed">${escape(b.interrupted ? t.interrupted : b.timedOut ? t.timedOut : t.failed)}</span>`;
    return `<span class="success">${escape(b.id === status.currentRelease ? t.successLive : t.success)}</span>`;
  };

  // What a full build's reconciliation found the deltas had missed (its items are the renderer's English).
  const reconciliation = (b: HistoryEntry) => {
    const r = b.builder?.reconciliation;
    if (!r?.compared) return '';
    if (r.differences === 0) return `<p>${escape(t.reconciledNothing)}</p>`;
    const items = r.found.map((f) => `<li><code lang="en">${escape(f)}</code></li>`).join('');
    return `<p>${escape(fill(lang, t.reconciledMissed, { n: r.differences }))}</p><details><summary>${escape(t.reconciledWhich)}</summary><ul>${items}</ul></details>`;
  };

  const liveBuild = status.history.find((b) => b.id === status.currentRelease);
  const rows = status.history.map(
    (b) =>
      `<tr data-build="${escape(b.id)}" data-result="${escape(b.result)}"><td>${escape(time(b.startedAt))}</td><td>${trigger(b)}</td><td>${escape(seconds(b.durationMs))}</td><td>${result(b)}${reconciliation(b)}${b.error ? `<details><summary>${t.why}</summary><pre lang="en">${escape(b.error)}</pre></details>` : ''}</td><td>${b.warningCount ? `<details><summary>${escape(label(t.warnings))}${b.warningCount}</summary>${warningList(b.warnings)}</details>` : '0'}</td></tr>`,
  );

  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escape(t.title)}</title><style>${STYLE}</style></head>
<body>
<p><a href="?lang=${lang === 'fr' ? 'en' : 'fr'}" lang="${lang === 'fr' ? 'en' : 'fr'}" hreflang="${lang === 'fr' ? 'en' : 'fr'}">${t.switchLang}</a></p>
<main>
<h1>${escape(t.title)}</h1>
<p>${escape(t.intro)}</p>
<section aria-labelledby="live-h" data-live-release="${escape(status.currentRelease ?? '')}">
<h2 id="live-h">${escape(t.live)}</h2>
<p>${status.currentRelease ? `<code>${escape(status.currentRelease)}</code> — ${escape(fill(lang, t.liveSince, { time: time(status.live?.builtAt ?? liveBuild?.finishedAt), pages: status.live?.pages ?? liveBuild?.pages ?? '?' }))}` : escape(t.liveNone)}</p>
<p>${escape(status.building ? t.building : t.idle)}${status.queued ? ` ${escape(t.queued)}` : ''}</p>
${status.building ? progressHtml(lang, status.progress) : ''}
<h3>${escape(t.liveWarnings)}</h3>
<div data-live-warnings>${warningList(liveBuild?.warnings ?? [])}</div>
</section>
${status.currentRelease ? officialLanguagesSection(lang, status.officialLanguages ?? null, now) : ''}
<section aria-labelledby="recent-h">
<h2 id="recent-h">${escape(t.recent)}</h2>
${rows.length ? `<table><thead><tr><th scope="col">${t.started}</th><th scope="col">${t.trigger}</th><th scope="col">${t.duration}</th><th scope="col">${t.result}</th><th scope="col">${t.warnings}</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>` : `<p>${t.noBuilds}</p>`}
</section>
</main>
</body>
</html>
`;
}
