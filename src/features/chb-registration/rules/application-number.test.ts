import { describe, expect, it } from 'vitest';
import { APPLICATION_NUMBER, newApplicationNumber } from './application-number.ts';

describe('application number', () => {
  it('is twelve digits in three groups, language-neutral, and spread over every digit', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const n = newApplicationNumber(() => false);
      expect(n).toMatch(APPLICATION_NUMBER);
      seen.add(n);
    }
    expect(seen.size).toBe(200);
    const digits = new Set([...seen].join('').replaceAll('-', ''));
    expect(digits.size).toBe(10);
  });

  it('draws again while the number is taken', () => {
    const sequence = [...'111111111111', ...'222222222222'].map(Number);
    const taken = new Set(['1111-1111-1111']);
    expect(
      newApplicationNumber(
        (n) => taken.has(n),
        () => sequence.shift()!,
      ),
    ).toBe('2222-2222-2222');
  });
});
