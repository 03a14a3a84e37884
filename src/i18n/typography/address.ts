// Canadian postal addresses on one line, in each language's order (Canada Post addressing
// guidelines and the Translation Bureau's "Le guide du rédacteur"): a comma after the civic
// number in French (« 27, rue Main »), the province in parentheses after the city
// (« Moncton (Nouveau-Brunswick) »), and two spaces before the postal code in both languages.
// The spaces are no-break spaces so a page keeps both and never breaks the line there.
import type { Lang } from '../languages.ts';
import { NBSP } from './french.ts';

export interface PostalAddress {
  streetNumber?: string;
  streetName: string;
  unit?: string;
  city: string;
  /** The province's name in the address's language ("New Brunswick", « Nouveau-Brunswick »). */
  province?: string;
  postalCode?: string;
}

const clean = (s: string | undefined) => (s ?? '').trim();

/** "27 Main Street, Unit 4, Moncton, New Brunswick  E1C 4B7" / « 27, rue Main, app. 4, Moncton (Nouveau-Brunswick)  E1C 4B7 ». */
export function formatAddress(lang: Lang, a: PostalAddress): string {
  // A bare unit ("4", "12B") goes before the civic number as Canada Post writes it: 4-27 Main Street.
  const unit = clean(a.unit);
  const bareUnit = /^[0-9A-Za-z]{1,5}$/.test(unit) && clean(a.streetNumber) !== '';
  const number = bareUnit ? `${unit.toUpperCase()}-${clean(a.streetNumber)}` : clean(a.streetNumber);
  const street = clean(a.streetName);
  const civic = number && street ? (lang === 'fr' ? `${number}, ${street}` : `${number} ${street}`) : number || street;
  const city = clean(a.city);
  const province = clean(a.province);
  const place = province ? (lang === 'fr' ? `${city} (${province})` : `${city}, ${province}`) : city;
  // A Canadian postal code as typed ("e1c4b7") is written A1A 1A1.
  const compact = clean(a.postalCode).toUpperCase().replace(/\s+/g, '');
  const postal = /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
  const line = [civic, bareUnit ? '' : unit, place].filter(Boolean).join(', ');
  return postal ? `${line}${NBSP}${NBSP}${postal}` : line;
}
