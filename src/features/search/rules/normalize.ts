// Accent forgiveness for search. Pagefind stems plurals for the page language (fr: logements →
// logement, en: wheelchairs → wheelchair) but matches accented and unaccented words as different
// words (medicaments does not find médicaments). So the index also holds the accent-folded form
// of every accented word of a page (see SearchMeta.astro): someone typing without accents finds
// the accented page, and a query typed with accents still matches the original words.

/** Removes diacritics and ligatures: "aînés" → "aines", "Œuvre" → "Oeuvre". */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'Oe')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'Ae');
}

/**
 * `html` with each `<…>` (from a `<` to the next `>`) replaced by `by`, as `/<[^>]*>/g` would, in
 * linear time: that pattern rescans to the end from every `<` when no `>` follows (quadratic).
 */
export function withoutTags(html: string, by: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = html.indexOf('<', from);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    if (close < 0) return out + html.slice(from);
    out += html.slice(from, open) + by;
    from = close + 1;
  }
}

/** The text of an HTML fragment, without tags and with the common entities decoded. */
export function htmlToText(html: string): string {
  return withoutTags(html, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&rsquo;/g, '’');
}

/** Words of the text (letters and digits; apostrophes split French elisions: "l’aîné" → l, aîné). */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The accent-folded forms of the text's accented words, lower-cased, each once, in order of first
 * appearance. Words without accents are left out (they are already in the index as they are).
 */
export function foldedVariants(text: string): string[] {
  const seen = new Set<string>();
  for (const word of words(text)) {
    const folded = foldAccents(word).toLowerCase();
    if (folded !== word.toLowerCase()) seen.add(folded);
  }
  return [...seen];
}

/** Normalizes what a resident typed before searching: trims, collapses spaces, drops stray quotes. */
export function normalizeQuery(query: string): string {
  return query
    .replace(/[«»“”"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// Pagefind matches each query word as a prefix, so « de » in « foyer de soins » also matches
// « dentaires » and « des »: short function words are dropped when the query has other words.
const functionWords: Record<'en' | 'fr', Set<string>> = {
  en: new Set(['a', 'an', 'and', 'of', 'the', 'to', 'for', 'in', 'on', 'at', 'or', 'with', 'my']),
  fr: new Set([
    'de',
    'des',
    'du',
    'la',
    'le',
    'les',
    'et',
    'à',
    'au',
    'aux',
    'en',
    'un',
    'une',
    'ou',
    'pour',
    'sur',
    'mon',
    'ma',
    'mes',
  ]),
};

/** The words a search sends to Pagefind: the query without function words (unless that is all it has). */
export function searchTerms(query: string, lang: 'en' | 'fr'): string {
  const all = normalizeQuery(query).split(' ').filter(Boolean);
  const kept = all.filter((w) => !functionWords[lang].has(w.toLowerCase()));
  return (kept.length ? kept : all).join(' ');
}
