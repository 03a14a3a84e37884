// The string mechanism of every feature: English and French side by side in one module, French
// spacing applied once here, then fill() (src/i18n/fill.ts) at use. Its own module so that an
// island that needs it does not load the layout's string tables (src/i18n/en.ts, fr.ts) with it.
import { frenchStrings } from './typography/french.ts';
import type { Message, Plural } from './fill.ts';

export { fill, type Plural } from './fill.ts';

/** Side-by-side component strings (GC design system style): both languages must have the same keys. */
export function defineStrings<T extends Record<string, Message>>(s: {
  en: T;
  fr: { [K in keyof T]: T[K] extends string ? string : Plural };
}) {
  return { en: s.en, fr: frenchStrings(s.fr) };
}
