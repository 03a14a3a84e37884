import { codes } from 'zipcodes/lib/codesCanada.js';
import { describe, expect, it } from 'vitest';
import { centroidOf, insideNewBrunswick, MISSING_LONGITUDE, nbFsaCentroids } from './fsa-centroids.ts';
import { locatePostal } from './locate.ts';

const centroids = nbFsaCentroids();

describe('New Brunswick FSA centroids from zipcodes (Canadian data only)', () => {
  it('has every E area of the package, each inside the province', () => {
    const eAreas = Object.keys(codes).filter((k) => k.startsWith('E'));
    expect(eAreas.length).toBeGreaterThan(100);
    expect(Object.keys(centroids).sort()).toEqual(eAreas.sort());
    for (const [fsa, [lat, lng]] of Object.entries(centroids)) expect(insideNewBrunswick(lat, lng), fsa).toBe(true);
  });

  it('corrects the four broken areas E1H, E2E, E2H and E3C', () => {
    expect(Object.keys(MISSING_LONGITUDE).sort()).toEqual(['E1H', 'E2E', 'E2H', 'E3C']);
    for (const fsa of ['E1H', 'E2E', 'E2H', 'E3C']) {
      // the package as shipped: latitude null, the latitude sitting in the longitude field
      expect(codes[fsa]!.latitude).toBeNull();
      expect(codes[fsa]!.longitude).toBeGreaterThan(45);
    }
    expect(centroids.E1H).toEqual([46.1506, -64.72]);
    expect(centroids.E2E).toEqual([45.4165, -65.98]);
    expect(centroids.E2H).toEqual([45.3481, -66.02]);
    expect(centroids.E3C).toEqual([45.9356, -66.69]);
  });

  it('places the corrected areas next to their neighbours', () => {
    const near = (a: string, b: string) =>
      Math.hypot(centroids[a]![0] - centroids[b]![0], centroids[a]![1] - centroids[b]![1]);
    expect(near('E1H', 'E1C')).toBeLessThan(0.2); // Moncton
    expect(near('E2E', 'E2K')).toBeLessThan(0.2); // Saint John
    expect(near('E2H', 'E2K')).toBeLessThan(0.2);
    expect(near('E3C', 'E3B')).toBeLessThan(0.2); // Fredericton
  });

  it('keeps a record that is already right, and leaves a fixed future release alone', () => {
    expect(
      centroidOf({ zip: 'E1C', latitude: 46.0888, longitude: -64.7723, city: '', state: '', country: 'Canada' }),
    ).toEqual([46.0888, -64.7723]);
    expect(
      centroidOf({ zip: 'E1H', latitude: 46.15, longitude: -64.7, city: '', state: '', country: 'Canada' }),
    ).toEqual([46.15, -64.7]);
  });

  it('fails loudly on a new broken New Brunswick area', () => {
    expect(() =>
      nbFsaCentroids({ E9Z: { zip: 'E9Z', latitude: null, longitude: 46, city: '', state: '', country: 'Canada' } }),
    ).toThrow(/E9Z.*MISSING_LONGITUDE/);
    expect(() =>
      nbFsaCentroids({ E9Z: { zip: 'E9Z', latitude: 43.6, longitude: -79.4, city: '', state: '', country: 'Canada' } }),
    ).toThrow(/E9Z.*outside/);
  });
});

describe('locatePostal', () => {
  it('places a New Brunswick code at its area centroid, whatever the case and spacing', () => {
    expect(locatePostal('e1c4b7', centroids)).toEqual({
      ok: true,
      code: 'E1C 4B7',
      fsa: 'E1C',
      point: { lat: 46.0888, lng: -64.7723 },
    });
    expect(locatePostal('E3C 1A1', centroids)).toMatchObject({
      ok: true,
      fsa: 'E3C',
      point: { lat: 45.9356, lng: -66.69 },
    });
  });

  it('tells empty, malformed, outside New Brunswick and unknown areas apart', () => {
    expect(locatePostal(' ', centroids)).toEqual({ ok: false, problem: 'empty' });
    expect(locatePostal('E1C 4B', centroids)).toEqual({ ok: false, problem: 'malformed' });
    expect(locatePostal('K1A 0B1', centroids)).toEqual({ ok: false, problem: 'outside' });
    expect(locatePostal('B3H 1A1', centroids)).toEqual({ ok: false, problem: 'outside' });
    expect(locatePostal('E0Z 1A1', centroids)).toEqual({ ok: false, problem: 'unknown' });
    expect(locatePostal('E9Z 9Z9', centroids)).toEqual({ ok: false, problem: 'unknown' });
  });
});
