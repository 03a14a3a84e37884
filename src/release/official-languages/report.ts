// The official-languages view: what the live site still owes in the other language. A page that
// exists in one language only is listed with the days it has been live so; a page published in
// both whose French has text identical to the English in some field (an untranslated field that
// Drupal shows in the original language, a category term not translated) is listed as well, with
// those fields. Pure: the build finds the pages owed (owedFindings, in
// src/pages/official-languages-inputs.json.ts, where the content is) and the release step
// (official-languages-step.ts) adds the previous report and the clock.
import { otherLang, type Lang } from '../../i18n/languages.ts';

/** One page of the build in one language: the text of its fields as fingerprints (see fingerprint). */
export interface LanguagePage {
  id: string;
  nid: number | null;
  /** Drupal bundle: program, simple_page, complex_page, page. */
  type: string;
  lang: Lang;
  title: string;
  /** The page's address on the site (`/fr/program/…`). */
  path: string;
  /** Drupal's `changed` of this translation (ISO), when the CMS gives it. */
  changed: string | null;
  /** Field path → fingerprint of its text; fields too short to tell (a name, a number) are absent. */
  texts: Record<string, string>;
}

export interface OwedPage {
  id: string;
  type: string;
  /** `one-language`: the page has no translation; `same-text`: its French shows English text. */
  reason: 'one-language' | 'same-text';
  /** The language the page is live in (for same-text: French, the one showing English). */
  lang: Lang;
  /** The language still owed. */
  missing: Lang;
  title: string;
  path: string;
  /** Fields whose French text is the English text (same-text only). */
  fields: string[];
  /** Since when (ISO) the page has been live owing the other language. */
  since: string;
  /** Where an editor fixes it in the CMS (null without a node id or a CMS address). */
  editUrl: string | null;
}

export interface OfficialLanguagesReport {
  builtAt: string;
  count: number;
  pages: OwedPage[];
}

const WORDS = /\p{L}{2,}/gu;

/**
 * A short, stable fingerprint of a text worth comparing across languages: its visible words
 * (markup, spacing and case left out), only when it has at least three of them; null otherwise
 * (a name, a phone number or an address reads the same in both languages and says nothing), nor
 * for a single token.
 * FNV-1a, 2 × 32 bits: equal texts give equal prints; a collision only lists a page too many.
 */
export function fingerprint(text: string): string | null {
  // One token (an id, a slug, a machine name such as home_support_agency) is not text.
  if (!/\s/.test(text.trim())) return null;
  const words =
    text
      .replace(/<[^<>]*>/g, ' ') // a tag stops at the next `<`: linear (tests/security/redos.test.ts)
      .toLowerCase()
      .match(WORDS) ?? [];
  if (words.length < 3) return null;
  const normal = words.join(' ');
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ normal.length;
  for (let i = 0; i < normal.length; i++) {
    const code = normal.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

/** Keys of an entry that are not text a reader sees in a language (addresses, ids, dates, kinds). */
const NOT_TEXT = new Set([
  'id',
  'nid',
  'lang',
  'alias',
  'slug',
  'changed',
  'kind',
  'pageScope',
  'url',
  'src',
  'keywords',
  // Machine values: related programs' ids, the finder's answer codes, the map type.
  'related',
  'finder',
  'mapType',
]);

function collectTexts(entry: unknown, prefix: string, out: Record<string, string>): Record<string, string> {
  if (typeof entry === 'string') {
    const print = fingerprint(entry);
    if (print && prefix) out[prefix] = print;
  } else if (Array.isArray(entry)) entry.forEach((v, i) => collectTexts(v, `${prefix}.${i}`, out));
  else if (entry && typeof entry === 'object')
    for (const [k, v] of Object.entries(entry))
      if (!NOT_TEXT.has(k)) collectTexts(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/**
 * The prints of each entry object, kept while it lives: the resident renderer keeps the object of
 * every node that did not change (src/release/resident/content-store.ts) and renders the report's
 * inputs on every release, so only the changed entries are read again, not the whole site's text.
 */
const printed = new WeakMap<object, Readonly<Record<string, string>>>();

/** Field path → fingerprint of every text of an entry (nested objects and lists walked). */
export function entryTexts(entry: object): Readonly<Record<string, string>> {
  let texts = printed.get(entry);
  if (!texts) {
    texts = Object.freeze(collectTexts(entry, '', {}));
    printed.set(entry, texts);
  }
  return texts;
}

/** Whole days from `since` to `now` (0 on the first day). */
export function daysLive(since: string, now: Date): number {
  const start = Date.parse(since);
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now.getTime() - start) / 86_400_000));
}

/** The CMS page where an editor adds the missing translation, or edits the French. */
function editUrl(cmsUrl: string | null, page: Pick<LanguagePage, 'nid'>, reason: OwedPage['reason']): string | null {
  if (!cmsUrl || page.nid === null) return null;
  let base = cmsUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return reason === 'one-language' ? `${base}/node/${page.nid}/translations` : `${base}/fr/node/${page.nid}/edit`;
}

/**
 * Since when a page has owed its other language: what the previous report said for the same
 * page and reason (it was owed then already), else its `changed` date (it has been live at least
 * since its last save), never later than now.
 */
function sinceOf(
  page: Pick<LanguagePage, 'id' | 'changed'>,
  reason: OwedPage['reason'],
  previous: Map<string, string>,
  now: Date,
): string {
  const candidates = [previous.get(`${reason}:${page.id}`), page.changed, now.toISOString()]
    .filter((d): d is string => typeof d === 'string' && !Number.isNaN(Date.parse(d)))
    .map((d) => Date.parse(d));
  return new Date(Math.min(...candidates)).toISOString();
}

/**
 * A page owed in the other language, as the build finds it from the content (no clock, no previous
 * report): what the build's inputs endpoint hands the release step, so that the texts' prints of
 * every page stay in the process that holds the content.
 */
export interface OwedFinding {
  page: Omit<LanguagePage, 'texts'>;
  reason: OwedPage['reason'];
  /** Fields whose French text is the English text (same-text only). */
  fields: string[];
}

/** The pages of the build that owe their other language: one language only, or French showing English text. */
export function owedFindings(pages: readonly LanguagePage[]): OwedFinding[] {
  const byId = new Map<string, Partial<Record<Lang, LanguagePage>>>();
  for (const p of pages) byId.set(p.id, { ...byId.get(p.id), [p.lang]: p });
  const found: OwedFinding[] = [];
  const add = ({ texts: _texts, ...page }: LanguagePage, reason: OwedPage['reason'], fields: string[] = []) =>
    found.push({ page, reason, fields });
  for (const { en, fr } of byId.values()) {
    if (!en || !fr) {
      add((en ?? fr)!, 'one-language');
      continue;
    }
    const same = Object.keys(fr.texts).filter((f) => en.texts[f] === fr.texts[f]);
    if (same.length) add(fr, 'same-text', same.sort());
  }
  return found;
}

/** The report of the findings: each page with since when it has been owed and where to fix it. */
export function officialLanguagesReport(
  found: readonly OwedFinding[],
  options: { now: Date; previous?: OfficialLanguagesReport | null; cmsUrl?: string | null },
): OfficialLanguagesReport {
  const previous = new Map((options.previous?.pages ?? []).map((p) => [`${p.reason}:${p.id}`, p.since]));
  const owed: OwedPage[] = found.map(({ page, reason, fields }) => ({
    id: page.id,
    type: page.type,
    reason,
    lang: page.lang,
    // Same text: the French page is there, its French text is what is owed.
    missing: reason === 'one-language' ? otherLang(page.lang) : page.lang,
    title: page.title,
    path: page.path,
    fields,
    since: sinceOf(page, reason, previous, options.now),
    editUrl: editUrl(options.cmsUrl ?? null, page, reason),
  }));
  // The longest owed first: what has waited most is what an editor should see at the top.
  owed.sort((a, b) => a.since.localeCompare(b.since) || a.path.localeCompare(b.path));
  return { builtAt: options.now.toISOString(), count: owed.length, pages: owed };
}
