import { en, type UiKey } from './en.ts';
import { fr } from './fr.ts';
import type { Lang } from './languages.ts';

export * from './languages.ts';
export type { UiKey };

const strings: Record<Lang, Record<UiKey, string>> = { en, fr };

/** Interface string lookup with {name} placeholders: t('en')('results.count', { n: 3 }). */
export function useStrings(lang: Lang) {
  return (key: UiKey, vars?: Record<string, string | number>): string => {
    const template = strings[lang][key];
    return vars ? template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`)) : template;
  };
}

/** Side-by-side component strings (GC design system style): both languages must have the same keys. */
export function defineStrings<T extends Record<string, string>>(s: { en: T; fr: { [K in keyof T]: string } }) {
  return s as { en: T; fr: Record<keyof T, string> };
}
