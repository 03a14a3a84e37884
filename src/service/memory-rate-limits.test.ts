// The in-memory counters (an app mounted without a database): bounded, and a flood of fresh keys
// evicts its own kind, never a count that reached a limit.
import { describe, expect, it } from 'vitest';
import { memoryRateLimits } from './memory-rate-limits.ts';

describe('memory rate limits', () => {
  it('keep a locked-out count through 10,001 fresh keys of one event each', async () => {
    const counts = memoryRateLimits();
    for (let i = 0; i < 11; i++) await counts.hit('attacker', 0, 600_000);
    for (let i = 0; i < 10_001; i++) await counts.hit(`fresh-${i}`, 1000, 600_000);
    expect((await counts.hit('attacker', 2000, 600_000)).count).toBe(12);
  });

  it('variant: stay bounded, forgetting windows that are over first', async () => {
    const counts = memoryRateLimits(100);
    for (let i = 0; i < 100; i++) await counts.hit(`old-${i}`, 0, 1000);
    await counts.hit('kept', 500, 600_000);
    await counts.hit('kept', 500, 600_000);
    for (let i = 0; i < 500; i++) await counts.hit(`new-${i}`, 5000, 600_000);
    expect((await counts.hit('kept', 6000, 600_000)).count).toBe(3);
    expect((await counts.hit('old-1', 6000, 1000)).count).toBe(1);
  });
});
