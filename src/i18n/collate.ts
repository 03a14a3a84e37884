// Sorting words the language's way. One Intl.Collator per language: `a.localeCompare(b, lang)`
// builds a collator on every call, which costs seconds over thousands of titles.
const collators = new Map<string, Intl.Collator>();

/** The language's comparison, as `localeCompare(b, lang)` gives it (no language: the default one). */
export function compareIn(lang?: string): (a: string, b: string) => number {
  const key = lang ?? '';
  if (!collators.has(key)) collators.set(key, new Intl.Collator(lang));
  return collators.get(key)!.compare;
}
