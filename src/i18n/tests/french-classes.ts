// Each class of defect a French reading found outside the typography function (issue 32), as a
// check over a piece of a page's text: the built-page scan (tests/site/language.test.ts) and the
// browser tests of pages their scripts fill in (tests/e2e/french.spec.ts) share it.
import { glossaryProblems } from '../glossary.ts';
import type { Lang } from '../languages.ts';

const show = (s: string) => s.replaceAll('\u00a0', '⍽').replaceAll('\u202f', '·');

const MONTHS = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
// Each class of defect a French reading found outside the typography function, as a pattern over
// a French page's text: the first of the month without « er », a percent sign glued to its number,
// an address written the English way, « 6+ » in a list, a bare adjective as a landmark's name.
const frenchClasses: Array<[string, RegExp]> = [
  ['ordinal: « 1er » for the first of the month', new RegExp(`(?<![\\d,])\\b1\\s(?:${MONTHS})\\b`)],
  ['percent: a no-break space before %', /\d%/],
  ['address: province in parentheses after the city', /\b[A-Z][\p{L}-]+,\s+Nouveau-Brunswick\b/u],
  [
    'address: two spaces before the postal code',
    /(?:\(Nouveau-Brunswick\)|\(N\.-B\.\))[ \u00a0]?[A-Z]\d[A-Z] \d[A-Z]\d/,
  ],
  ['count: « 6 ou plus », not « 6+ »', /(?<![\w+])\d+\+(?![\w+])/],
];
/** Accessible names that say too little on their own (the main navigation named « Principal »). */
const bareNames = new Set(['principal', 'main', 'secondaire', 'secondary', 'navigation', 'menu', 'région', 'region']);

/**
 * The defects of one piece of text (`where` ends with "[aria-label]" for an accessible name):
 * for French, each pattern above and every term the glossary replaces; in both languages, a
 * landmark named by a bare word.
 */
export function classProblems(lang: Lang, where: string, text: string): string[] {
  const out: string[] = [];
  if (where.endsWith('[aria-label]') && bareNames.has(text.trim().toLowerCase()))
    out.push(`${where}: accessible name « ${text.trim()} » says too little (e.g. « Menu principal »)`);
  if (lang !== 'fr') return out;
  // Addresses of pages (a redirect stub shows its target's path) are not prose.
  // A path starts a word: « TPS/TVH » is an acronym pair, not an address.
  text = text.replace(/(?:https?:\/\/|(?<!\w)\/)[\w\-./?=#%]+/g, ' ');
  for (const [rule, re] of frenchClasses) {
    const m = re.exec(text);
    if (m) out.push(`${where}: ${rule}: « ${m[0]} » in « ${show(text.trim()).slice(0, 140)} »`);
  }
  for (const p of glossaryProblems(text)) out.push(`${where}: « ${p.found} » → « ${p.use} » (src/i18n/glossary.ts)`);
  return out;
}
