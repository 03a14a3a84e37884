// The string mechanism of every feature: English and French side by side in one module, French
// spacing applied once, {name} placeholders filled at use. Its own module so that an island that
// needs it does not load the layout's string tables (src/i18n/en.ts, fr.ts) with it.
import type { Lang } from './languages.ts';
import { frenchStrings } from './typography/french.ts';
import { formatNumber } from './typography/numbers.ts';

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
