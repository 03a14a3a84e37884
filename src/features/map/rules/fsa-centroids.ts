// Build-time only: New Brunswick FSA centroids from the zipcodes package's Canadian data, with
// its known errors corrected here and nowhere else. Pages embed the result (about 110 areas).
import { codes, type ZipcodeRecord } from 'zipcodes/lib/codesCanada.js';

/**
 * zipcodes 8.0.0 has four New Brunswick areas with their latitude in the longitude field and
 * a null latitude: we take the latitude from where it is and supply the missing longitude
 * (west is negative), from the areas' communities.
 */
export const MISSING_LONGITUDE: Readonly<Record<string, number>> = {
  E1H: -64.72, // Lakeville, Irishtown, Shediac Bridge (north-east of Moncton)
  E2E: -65.98, // Rothesay, Quispamsis
  E2H: -66.02, // Saint John north-east, Renforth
  E3C: -66.69, // Fredericton south-west, New Maryland
};

/** New Brunswick's extent, with a margin: a centroid outside it is bad data. */
const NB_BOUNDS = { south: 44.4, north: 48.2, west: -69.2, east: -63.6 } as const;
export const insideNewBrunswick = (lat: number, lng: number) =>
  lat >= NB_BOUNDS.south && lat <= NB_BOUNDS.north && lng >= NB_BOUNDS.west && lng <= NB_BOUNDS.east;

/** One record's centroid, corrected when it is one of the known broken areas. */
export function centroidOf(record: ZipcodeRecord): [number, number] | null {
  const fix = MISSING_LONGITUDE[record.zip];
  if (record.latitude == null && fix !== undefined && typeof record.longitude === 'number')
    return [record.longitude, fix];
  if (typeof record.latitude !== 'number' || typeof record.longitude !== 'number') return null;
  return [record.latitude, record.longitude];
}

/** Every New Brunswick (E) FSA with a usable centroid; fails loudly on an area outside the province. */
export function nbFsaCentroids(source: Record<string, ZipcodeRecord> = codes): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const [fsa, record] of Object.entries(source)) {
    if (!fsa.startsWith('E')) continue;
    const point = centroidOf(record);
    if (!point)
      throw new Error(
        `zipcodes: New Brunswick area ${fsa} has no usable centroid (${record.latitude}, ${record.longitude}); add it to MISSING_LONGITUDE`,
      );
    if (!insideNewBrunswick(point[0], point[1]))
      throw new Error(`zipcodes: New Brunswick area ${fsa} is placed outside the province (${point.join(', ')})`);
    out[fsa] = [point[0], point[1]];
  }
  return out;
}
