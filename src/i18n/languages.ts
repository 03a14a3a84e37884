export const languages = ['en', 'fr'] as const;
export type Lang = (typeof languages)[number];

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'fr';
}

/** The other official language: the language switch always points there. */
export function otherLang(lang: Lang): Lang {
  return lang === 'en' ? 'fr' : 'en';
}

/** BCP 47 locale for number, currency and date formatting. */
export function locale(lang: Lang): string {
  return lang === 'en' ? 'en-CA' : 'fr-CA';
}
