// Sentences built from answers, written whole per language: "Because you rent your home and are
// working." / « Parce que vous êtes locataire et que vous travaillez. » Each answer has a clause
// (src/features/finder/strings.ts); French repeats « que » / « si » before each clause after the
// first, English does not (the `again` template says which). Needs share one clause ("need help
// with money and help at home"), and adjacent age bands read as one ("are under 65"), so the
// list never reads as pieces (the two children's bands too: "have children under 19"). Lists are joined by Intl.ListFormat ("a, b and c", « a, b et c »).
import { fill } from '../../../i18n/fill.ts';
import { locale, type Lang } from '../../../i18n/languages.ts';
import { intlOnce } from '../../../i18n/typography/intl-once.ts';
import type { FinderTag } from './questions.ts';

/** Age bands that read as one clause when both are in a list. */
type AgeSpan = 'age-under-65' | 'age-19-plus' | 'children-under-19';
export type ClauseKey = Exclude<FinderTag, NeedTag> | AgeSpan;
export type NeedTag = Extract<FinderTag, `need-${string}`>;

export interface ReasonWords {
  /** Each answer's clause ("rent your home" after "you"; « vous êtes locataire »). */
  clauses: Readonly<Record<ClauseKey, string>>;
  /** The clause every need shares: "need {list}", « vous avez besoin {list} ». */
  needs: string;
  /** Each need, as it follows `needs`: "help at home", « d’aide à domicile ». */
  needItems: Readonly<Record<NeedTag, string>>;
}

const isNeed = (t: FinderTag): t is NeedTag => t.startsWith('need-');

const listFormat = (lang: Lang, type: 'conjunction' | 'disjunction') =>
  intlOnce(`list:${lang}:${type}`, () => new Intl.ListFormat(locale(lang), { type }));

/** Age tags as clauses: "under 19" and "19 to 64" together are "under 65"; "19 to 64" and "65 or older", "19 or older". */
function ageKeys(tags: readonly FinderTag[]): ClauseKey[] {
  const ages = tags.filter((t) => t.startsWith('age-')) as ClauseKey[];
  const has = (t: FinderTag) => (ages as readonly string[]).includes(t);
  if (ages.length !== 2) return ages;
  if (has('age-under-19') && has('age-19-64')) return ['age-under-65'];
  if (has('age-19-64') && has('age-65-plus')) return ['age-19-plus'];
  return ages;
}

/** The clauses for these tags, in their order, ages merged and needs in one clause. */
function clauses(
  lang: Lang,
  tags: readonly FinderTag[],
  words: ReasonWords,
  type: 'conjunction' | 'disjunction',
): string[] {
  const list = listFormat(lang, type);
  const out: string[] = ageKeys(tags).map((k) => words.clauses[k]);
  // Children in both bands: one clause, "have children under 19", where the first band was.
  const bothBands = tags.includes('children-under-12') && tags.includes('children-12-18');
  for (const t of tags) {
    if (t.startsWith('age-') || isNeed(t)) continue;
    if (bothBands && t === 'children-12-18') continue;
    out.push(words.clauses[bothBands && t === 'children-under-12' ? 'children-under-19' : (t as ClauseKey)]);
  }
  const needs = tags.filter(isNeed);
  if (needs.length) out.push(fill(lang, words.needs, { list: list.format(needs.map((t) => words.needItems[t])) }));
  return out;
}

/**
 * One sentence: `template` holds {list}; `again` says how a clause after the first is written
 * ('{clause}' in English, « que {clause} » or « si {clause} » in French).
 */
export function sentence(
  lang: Lang,
  template: string,
  tags: readonly FinderTag[],
  words: ReasonWords,
  opts: { type: 'conjunction' | 'disjunction'; again: string },
): string {
  const [first, ...rest] = clauses(lang, tags, words, opts.type);
  const items = first === undefined ? [] : [first, ...rest.map((clause) => fill(lang, opts.again, { clause }))];
  return fill(lang, template, { list: listFormat(lang, opts.type).format(items) });
}
