// Great-circle distance and nearest-first ordering, in kilometres.
import { locale } from '../../../i18n/languages.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Haversine distance between two points, in km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Items nearest first (ties keep their input order), each with its distance; at most `limit`. */
export function nearest<T extends LatLng>(
  items: readonly T[],
  origin: LatLng,
  limit = Infinity,
): Array<T & { distanceKm: number }> {
  return items
    .map((item, index) => ({ item, index, d: distanceKm(origin, item) }))
    .sort((x, y) => x.d - y.d || x.index - y.index)
    .slice(0, limit)
    .map(({ item, d }) => ({ ...item, distanceKm: d }));
}

/** "3.2 km" / "3,2 km" (one decimal below 10 km, whole kilometres above). */
export function formatDistance(km: number, lang: 'en' | 'fr'): string {
  const digits = km < 10 ? 1 : 0;
  const n = new Intl.NumberFormat(locale(lang), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(km);
  return `${n}\u00a0km`;
}
