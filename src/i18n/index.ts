import { en, type UiKey } from './en.ts';
import { fr } from './fr.ts';
import type { Lang } from './languages.ts';
import { frenchStrings } from './typography/french.ts';
import { fill } from './define.ts';

export * from './languages.ts';
export { defineStrings, fill } from './define.ts';
export type { UiKey };

// French strings get French spacing (no-break spaces) once, here, not by hand in each string.
const strings: Record<Lang, Record<UiKey, string>> = { en, fr: frenchStrings(fr) };

/**
 * Interface string lookup with {name} placeholders: t('results.count', { n: 3 }). A number `n`
 * picks the key's `.one` form when Intl.PluralRules says so ("1 programme trouvé"); numbers are
 * written the language's way (12,500 / 12 500).
 */
export function useStrings(lang: Lang) {
  return (key: UiKey, vars?: Record<string, string | number>): string => {
    const one = `${key}.one` as UiKey;
    const n = vars?.n;
    const chosen =
      typeof n === 'number' &&
      one in strings[lang] &&
      new Intl.PluralRules(lang === 'fr' ? 'fr-CA' : 'en-CA').select(n) === 'one'
        ? one
        : key;
    return fill(lang, strings[lang][chosen], vars);
  };
}
