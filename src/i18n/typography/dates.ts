// Dates and times written the way each language writes them, in New Brunswick's time zone:
// "January 1, 2026", « 1er janvier 2026 » (French writes the first of the month as an ordinal,
// which Intl does not), « 5 h 05 » (no leading zero on the hour, no seconds). Every date or
// time shown to a reader goes through here, never through toLocaleDateString directly.
import { locale, type Lang } from '../languages.ts';
import { typography } from './french.ts';
import { intlOnce } from './intl-once.ts';

const ZONE = 'America/Moncton';

type DateInput = Date | string | number;
const asDate = (d: DateInput) => (d instanceof Date ? d : new Date(d));

/** Intl's parts with the French day "1" written "1er". */
function withOrdinal(lang: Lang, parts: Intl.DateTimeFormatPart[]): string {
  return parts.map((p) => (lang === 'fr' && p.type === 'day' && Number(p.value) === 1 ? '1er' : p.value)).join('');
}

/** "January 1, 2026" / « 1er janvier 2026 ». */
export function formatDate(lang: Lang, date: DateInput): string {
  const f = intlOnce(
    `date:${lang}`,
    () => new Intl.DateTimeFormat(locale(lang), { year: 'numeric', month: 'long', day: 'numeric', timeZone: ZONE }),
  );
  return withOrdinal(lang, f.formatToParts(asDate(date)));
}

/** "5:05 a.m." / « 5 h 05 ». */
export function formatTime(lang: Lang, date: DateInput): string {
  const time = intlOnce(
    `time:${lang}`,
    () => new Intl.DateTimeFormat(locale(lang), { hour: 'numeric', minute: '2-digit', timeZone: ZONE }),
  );
  // Intl separates « 5 h 05 » with ordinary spaces: the French rule makes them no-break.
  return typography(lang, time.format(asDate(date)));
}

/** "January 1, 2026 at 5:05 a.m." / « 1er janvier 2026 à 5 h 05 ». */
export function formatDateTime(lang: Lang, date: DateInput): string {
  return lang === 'fr'
    ? `${formatDate(lang, date)} à ${formatTime(lang, date)}`
    : `${formatDate(lang, date)} at ${formatTime(lang, date)}`;
}
