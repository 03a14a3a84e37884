// What "English on a French page" and "French on an English page" mean for the language test:
// common words of one language that are not words of the other, and proper names allowed as
// they are (an institution's own name, a street's name, a product name).

/** Common English words that are not French words (so « on », « or », « an », « page » are left out). */
export const englishWords = new Set([
  'the',
  'and',
  'of',
  'with',
  'your',
  'you',
  'is',
  'are',
  'this',
  'that',
  'from',
  'by',
  'will',
  'can',
  'have',
  'has',
  'our',
  'we',
  'it',
  'please',
  'here',
  'what',
  'which',
  'who',
  'how',
  'when',
  'where',
  'about',
  'more',
  'find',
  'apply',
  'call',
  'near',
  'street',
  'drive',
  'road',
  'contributors',
  'loading',
  'submit',
  'select',
  'yes',
  'open',
  'close',
  'hide',
  'email',
  'upload',
  'home',
  'care',
  'health',
  'nursing',
  'help',
  'need',
  'not',
  'to',
  'for',
  'in',
  'at',
  'be',
  'if',
  'all',
  'new',
  'may',
  'get',
  'see',
  'show',
  'map',
  'back',
  'next',
  'previous',
  'first',
  'last',
  'search',
  'results',
  'programs',
  'benefit',
  'sample',
  'west',
  'east',
  'north',
  'south',
]);

/** Common French words that are not English words. */
export const frenchWords = new Set([
  'le',
  'la',
  'les',
  'des',
  'du',
  'et',
  'est',
  'pour',
  'vous',
  'votre',
  'vos',
  'avec',
  'dans',
  'une',
  'sur',
  'pas',
  'qui',
  'aux',
  'au',
  'ou',
  'nous',
  'ce',
  'cette',
  'sont',
  'être',
  'à',
  'été',
  'par',
  'plus',
  'leur',
  'rue',
  'chemin',
  'promenade',
  'exemple',
  'programme',
  'demande',
  'aide',
]);

/** Proper names that stay as their owners write them, on pages of the other language. */
// Facility names are not here: each page marks a name in the other language with its own `lang`.
export const properNames = {
  fr: ['OpenStreetMap', 'Leaflet', 'JavaScript'],
  en: ['Résidence de la Baie', 'Résidence des Chutes', 'Vallée-Lourdes', 'Saint-Pierre'],
} as const;

/** Words of `words` found in `text`, once proper names, addresses of pages, emails and numbers are left out. */
export function foreignWords(text: string, words: Set<string>, names: readonly string[]): string[] {
  let t = text;
  for (const name of names) t = t.split(name).join(' ');
  t = t.replace(/\S*[/@]\S*/g, ' ');
  return (t.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => words.has(w));
}

/**
 * Whether an outside address is the English version of its page: an `en` (or SNB's `e`) path
 * segment, SNB's `…e.asp` page names, an English `lang`/`language` parameter, or gnb.ca's English
 * page names (`/departments/`: the French pages are under `/ministeres/`), or the live site (the
 * default PRODUCTION_URL, whose root is its English home) anywhere but under /fr/.
 */
export function englishVersion(href: string): boolean {
  const url = new URL(href);
  const segments = url.pathname.toLowerCase().split('/');
  const asked = (url.searchParams.get('lang') ?? url.searchParams.get('language') ?? '').toLowerCase();
  return (
    segments.some((s) => s === 'en' || s === 'eng' || (s === 'e' && url.hostname.endsWith('snb.ca'))) ||
    (url.hostname.endsWith('snb.ca') && /\de\.asp$/.test(url.pathname)) ||
    asked.startsWith('en') ||
    (url.hostname.endsWith('gnb.ca') && segments.includes('departments')) ||
    (url.hostname === 'socialsupports.gnb.ca' && !url.pathname.startsWith('/fr/'))
  );
}
