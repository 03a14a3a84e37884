import { en, type UiKey } from './en.ts';
import { fr } from './fr.ts';
import type { Lang } from './languages.ts';
import { frenchStrings } from '../logic/typography/french.ts';
import { formatNumber } from '../logic/typography/numbers.ts';

export * from './languages.ts';
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
    const chosen = typeof n === 'number' && one in strings[lang] && new Intl.PluralRules(lang === 'fr' ? 'fr-CA' : 'en-CA').select(n) === 'one' ? one : key;
    return fill(lang, strings[lang][chosen], vars);
  };
}

/** Fills {name} placeholders; numbers are written the language's way (12,500 / 12 500). */
export function fill(lang: Lang, template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = vars[name];
    return v === undefined ? `{${name}}` : typeof v === 'number' ? formatNumber(lang, v) : v;
  });
}

/** Side-by-side component strings (GC design system style): both languages must have the same keys. */
export function defineStrings<T extends Record<string, string>>(s: { en: T; fr: { [K in keyof T]: string } }) {
  return { en: s.en, fr: frenchStrings(s.fr) } as { en: T; fr: Record<keyof T, string> };
}
