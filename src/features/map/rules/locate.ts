// Places a postal code on the map with the centroid of its forward sortation area (FSA).
// Offline: the centroids come with the page (see fsa-centroids.ts), nothing is sent anywhere.
import type { LatLng } from './distance.ts';
import { isNewBrunswick, normalizePostal, type PostalProblem } from './postal.ts';

export type LocateProblem = PostalProblem | 'outside' | 'unknown';
/** FSA -> [latitude, longitude]. */
export type Centroids = Readonly<Record<string, readonly [number, number]>>;

export type Located = { ok: true; code: string; fsa: string; point: LatLng } | { ok: false; problem: LocateProblem };

export function locatePostal(input: string, centroids: Centroids): Located {
  const parsed = normalizePostal(input);
  if (!parsed.ok) return parsed;
  const { code, fsa } = parsed.value;
  if (!isNewBrunswick(fsa)) return { ok: false, problem: 'outside' };
  const centroid = centroids[fsa];
  if (!centroid) return { ok: false, problem: 'unknown' };
  return { ok: true, code, fsa, point: { lat: centroid[0], lng: centroid[1] } };
}
