import { describe, expect, it } from 'vitest';
import { isNewBrunswick, normalizePostal } from './postal.ts';

describe('normalizePostal', () => {
  it.each([
    ['E1C 4B7', 'E1C 4B7'],
    ['e1c4b7', 'E1C 4B7'],
    ['  e1C  4b7 ', 'E1C 4B7'],
    ['E1C-4B7', 'E1C 4B7'],
    ['k1a0b1', 'K1A 0B1'],
  ])('accepts %j as %s', (input, code) => {
    const result = normalizePostal(input);
    expect(result).toEqual({ ok: true, value: { code, fsa: code.slice(0, 3) } });
  });

  it.each(['', '   ', '\t'])('says %j is empty', (input) => {
    expect(normalizePostal(input)).toEqual({ ok: false, problem: 'empty' });
  });

  it.each([
    'E1C',
    'E1C 4B',
    'E1C 4B77',
    '12345',
    'EEC 4B7',
    'E1C 4BB',
    'D1C 4B7',
    'W1C 4B7',
    'Z1A 1A1',
    'E1O 4B7',
    'E1C 4U7',
    'E1C_4B7',
    'E1C4B7X',
  ])('says %j is malformed', (input) => {
    expect(normalizePostal(input)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('knows New Brunswick codes start with E', () => {
    expect(isNewBrunswick('E3B')).toBe(true);
    expect(isNewBrunswick('B3H')).toBe(false);
  });
});
