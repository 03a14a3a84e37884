import { describe, expect, it } from 'vitest';
import { distanceKm, formatDistance, nearest } from './distance.ts';

const moncton = { lat: 46.0878, lng: -64.7782 };
const saintJohn = { lat: 45.2733, lng: -66.0633 };
const fredericton = { lat: 45.9636, lng: -66.6431 };

describe('distanceKm', () => {
  it('gives 111.2 km for one degree of latitude and the straight-line distances between cities', () => {
    expect(distanceKm({ lat: 45, lng: -66 }, { lat: 46, lng: -66 })).toBeCloseTo(111.195, 2);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
    expect(Math.round(distanceKm(moncton, saintJohn))).toBe(135);
    expect(Math.round(distanceKm(fredericton, saintJohn))).toBe(89);
  });
  it('is zero for the same point and symmetric', () => {
    expect(distanceKm(moncton, moncton)).toBe(0);
    expect(distanceKm(moncton, fredericton)).toBeCloseTo(distanceKm(fredericton, moncton), 9);
  });
});

describe('nearest', () => {
  const places = [
    { id: 'sj', ...saintJohn },
    { id: 'fr', ...fredericton },
    { id: 'mo', ...moncton },
    { id: 'mo2', ...moncton },
  ];
  it('orders nearest first, keeps ties in input order and adds the distance', () => {
    const result = nearest(places, { lat: 46.1, lng: -64.8 });
    expect(result.map((r) => r.id)).toEqual(['mo', 'mo2', 'sj', 'fr']);
    for (let i = 1; i < result.length; i++)
      expect(result[i]!.distanceKm).toBeGreaterThanOrEqual(result[i - 1]!.distanceKm);
    expect(nearest(places, fredericton).map((r) => r.id)).toEqual(['fr', 'sj', 'mo', 'mo2']);
  });
  it('keeps at most the limit', () => {
    expect(nearest(places, saintJohn, 2).map((r) => r.id)).toEqual(['sj', 'fr']);
  });
});

describe('formatDistance', () => {
  it('writes kilometres per language', () => {
    expect(formatDistance(3.24, 'en')).toBe('3.2\u00a0km');
    expect(formatDistance(3.24, 'fr')).toBe('3,2\u00a0km');
    expect(formatDistance(1234.4, 'en')).toBe('1,234\u00a0km');
    expect(formatDistance(1234.4, 'fr')).toMatch(/^1\s234\u00a0km$/u);
    expect(formatDistance(12.6, 'fr')).toBe('13\u00a0km');
  });
});
