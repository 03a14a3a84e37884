// The layout's strings (src/i18n/en.ts, fr.ts) and the one string mechanism (define.ts, fill.ts) with the
// language helpers, from one import.
import { en, type UiKey } from './en.ts';
import { fr } from './fr.ts';
import type { Lang } from './languages.ts';
import { frenchStrings } from './typography/french.ts';
import { fill, type Message, type Plural, type Vars } from './fill.ts';

export * from './languages.ts';
export { defineStrings } from './define.ts';
export { fill, type Plural, type Vars } from './fill.ts';
export { formatDate } from './typography/dates.ts';
export type { UiKey };

// French strings get French spacing (no-break spaces) once, here, not by hand in each string.
const strings: Record<Lang, Record<UiKey, Message>> = { en, fr: frenchStrings(fr) };

/**
 * The layout's t(): t('category.found', { n: 3 }) is fill() (src/i18n/define.ts) over the key's
 * message: its plural form for n ("1 programme trouvé"), placeholders, numbers the language's way.
 */
export function useStrings(lang: Lang) {
  return (key: UiKey, vars?: Vars): string => fill(lang, strings[lang][key], vars);
}

/** A key's message as written (a template, or its plural forms), for a page script to fill in the browser. */
export function messageOf<K extends UiKey>(lang: Lang, key: K): (typeof en)[K] extends string ? string : Plural {
  return strings[lang][key] as (typeof en)[K] extends string ? string : Plural;
}
