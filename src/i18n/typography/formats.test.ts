// Dates, times, percentages and postal addresses as each language writes them (dates.ts,
// numbers.ts, address.ts). ~ is U+00A0 in the expectations.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates.ts';
import { formatPercent } from './numbers.ts';
import { formatAddress } from './address.ts';
import { frenchTypography } from './french.ts';

const show = (s: string) => s.replaceAll('\u00a0', '~').replaceAll('\u202f', '^');

describe('dates and times', () => {
  it('writes the first of the month « 1er » in French only', () => {
    expect(formatDate('fr', '2026-01-01T14:00:00Z')).toBe('1er janvier 2026');
    expect(formatDate('fr', '2026-03-21T14:00:00Z')).toBe('21 mars 2026');
    expect(formatDate('fr', '2026-03-11T14:00:00Z')).toBe('11 mars 2026');
    expect(formatDate('en', '2026-01-01T14:00:00Z')).toBe('January 1, 2026');
  });

  it('uses New Brunswick’s day, not the server’s (00:30 UTC on the 2nd is still the 1st in Moncton)', () => {
    expect(formatDate('fr', '2026-07-02T00:30:00Z')).toBe('1er juillet 2026');
  });

  it('writes times « 5 h 05 » with no leading zero and no seconds', () => {
    expect(show(formatTime('fr', '2026-01-01T09:05:03Z'))).toBe('5~h~05');
    expect(formatTime('en', '2026-01-01T09:05:03Z')).toMatch(/^5:05\sa\.m\.$/);
    expect(show(formatDateTime('fr', '2026-01-01T09:05:03Z'))).toBe('1er janvier 2026 à 5~h~05');
    expect(formatDateTime('en', '2026-01-01T09:05:03Z')).toMatch(/^January 1, 2026 at 5:05\sa\.m\.$/);
  });

  it('French output already has its no-break spaces (the typography rule changes nothing)', () => {
    for (const s of [formatDateTime('fr', '2026-01-01T19:45:00Z'), formatPercent('fr', 45)])
      expect(frenchTypography(s)).toBe(s);
  });
});

describe('percentages', () => {
  it('« 45 % » in French, "45%" in English', () => {
    expect(show(formatPercent('fr', 45))).toBe('45~%');
    expect(formatPercent('en', 45)).toBe('45%');
    expect(formatPercent('en', 100)).toBe('100%');
  });
});

describe('postal addresses', () => {
  const fr = {
    streetNumber: '27',
    streetName: 'rue Main',
    city: 'Moncton',
    province: 'Nouveau-Brunswick',
    postalCode: 'e1c 4b7',
  };
  const en = {
    streetNumber: '27',
    streetName: 'Main Street',
    city: 'Moncton',
    province: 'New Brunswick',
    postalCode: 'E1C 4B7',
  };

  it('French: comma after the civic number, province in parentheses, two spaces before the postal code', () => {
    expect(show(formatAddress('fr', fr))).toBe('27, rue Main, Moncton (Nouveau-Brunswick)~~E1C 4B7');
    expect(show(formatAddress('fr', { ...fr, unit: 'app. 4' }))).toBe(
      '27, rue Main, app. 4, Moncton (Nouveau-Brunswick)~~E1C 4B7',
    );
    // A bare unit number goes before the civic number, as Canada Post writes it.
    expect(show(formatAddress('fr', { ...fr, unit: '4' }))).toBe(
      '4-27, rue Main, Moncton (Nouveau-Brunswick)~~E1C 4B7',
    );
  });

  it('English: no comma after the number, province after a comma', () => {
    expect(show(formatAddress('en', en))).toBe('27 Main Street, Moncton, New Brunswick~~E1C 4B7');
  });

  it('writes a postal code typed without its space or in lower case as A1A 1A1', () => {
    expect(show(formatAddress('en', { ...en, postalCode: 'e1c4b7' }))).toBe(
      '27 Main Street, Moncton, New Brunswick~~E1C 4B7',
    );
  });

  it('leaves out what was not given', () => {
    expect(formatAddress('fr', { streetName: 'rue Main', city: 'Moncton' })).toBe('rue Main, Moncton');
  });
});
