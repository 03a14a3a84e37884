export const languages = ['en', 'fr'] as const;
export type Lang = (typeof languages)[number];

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'fr';
}

/** The language a page or an element declares (`<html lang>`, `data-lang`); English when it is neither. */
export function langOf(value: unknown): Lang {
  return isLang(value) ? value : 'en';
}

/** The other official language: the language switch always points there. */
export function otherLang(lang: Lang): Lang {
  return lang === 'en' ? 'fr' : 'en';
}

/** BCP 47 locale for number, currency and date formatting. */
export function locale(lang: Lang): string {
  return lang === 'en' ? 'en-CA' : 'fr-CA';
}
