import { describe, expect, it } from 'vitest';
import { around } from './around.ts';

describe('around', () => {
  it('gives the text before and after the placeholder', () => {
    expect(around('Appelez-nous au {phone}.', 'phone')).toEqual(['Appelez-nous au ', '.']);
    expect(around('{link} first', 'link')).toEqual(['', ' first']);
  });

  it('throws when the placeholder is missing or repeated, naming it', () => {
    expect(() => around('Call us at', 'phone')).toThrow('{phone}');
    expect(() => around('{phone} or {phone}', 'phone')).toThrow('{phone}');
  });
});
