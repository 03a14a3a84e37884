import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from './numbers.ts';
import { intlOnce } from './intl-once.ts';

describe('intlOnce', () => {
  it('makes a key’s value once and keeps keys apart', () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const first = intlOnce('test:a', make);
    expect(intlOnce('test:a', make)).toBe(first);
    expect(intlOnce('test:b', make)).not.toBe(first);
    expect(made).toBe(2);
  });

  it('formatters reused across languages and options give each its own output', () => {
    expect([formatNumber('fr', 12500.5), formatNumber('en', 12500.5), formatNumber('en', 12500.567, 0)]).toEqual([
      '12\u00a0500,5',
      '12,500.5',
      '12,501',
    ]);
    expect([formatMoney('en', 18.5), formatMoney('en', 18), formatMoney('fr', 18.5)]).toEqual([
      '$18.50',
      '$18',
      '18,50\u00a0$',
    ]);
  });
});
