import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './dates.ts';
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

  it('formatters reused across languages give each its own output', () => {
    const at = '2026-01-01T14:05:00Z';
    expect([formatDate('fr', at), formatDate('en', at), formatDate('fr', at)]).toEqual([
      '1er janvier 2026',
      'January 1, 2026',
      '1er janvier 2026',
    ]);
    expect([formatTime('en', at), formatTime('fr', at)]).toEqual(['10:05 a.m.', '10\u00a0h\u00a005']);
  });
});
