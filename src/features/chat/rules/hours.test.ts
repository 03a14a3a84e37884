import { describe, expect, it } from 'vitest';
import { isChatOpen } from './hours.ts';

// Atlantic Daylight Time is UTC-3, Atlantic Standard Time UTC-4.
describe('chat hours (America/Moncton)', () => {
  it.each([
    ['2026-07-15T10:59:00Z', false], // Wednesday 7:59 ADT
    ['2026-07-15T11:00:00Z', true], // 8:00
    ['2026-07-16T00:59:00Z', true], // Wednesday 21:59
    ['2026-07-16T01:00:00Z', false], // 22:00
    ['2026-07-18T15:00:00Z', false], // Saturday noon
    ['2026-07-19T15:00:00Z', false], // Sunday noon
    ['2026-01-14T11:59:00Z', false], // Wednesday 7:59 AST
    ['2026-01-14T12:00:00Z', true], // 8:00 AST
    ['2026-11-02T11:30:00Z', false], // Monday 7:30 after the change back to AST on Nov 1
    ['2026-11-02T12:00:00Z', true], // Monday 8:00 AST
    ['2026-03-09T11:00:00Z', true], // Monday 8:00 ADT after the March 8 change
  ])('%s -> %s', (iso, open) => {
    expect(isChatOpen(new Date(iso))).toBe(open);
  });
});
