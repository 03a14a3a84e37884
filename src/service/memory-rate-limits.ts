// Rate-limit counters in this process's memory, for an app mounted without a database (the hooks
// app on its own, in tests). Bounded: when full, windows that are over go first, then the lowest
// counts, so a flood of fresh addresses (one event each) evicts its own kind and never a count
// that has reached a limit.
import type { RateLimitsRepository } from './storage/types.ts';

export function memoryRateLimits(maxKeys = 10_000): RateLimitsRepository {
  const windows = new Map<string, { start: number; count: number; ends: number }>();
  function makeRoom(now: number) {
    for (const [k, w] of windows) if (w.ends <= now) windows.delete(k);
    while (windows.size >= maxKeys) {
      let lowest = Infinity;
      for (const w of windows.values()) lowest = Math.min(lowest, w.count);
      for (const [k, w] of windows) if (w.count === lowest && windows.size > maxKeys * 0.9) windows.delete(k);
    }
  }
  return {
    async hit(key, given, windowMs) {
      const now = given ?? Date.now();
      const w = windows.get(key);
      if (w && w.ends > now) {
        w.count++;
        return { count: w.count, windowStart: w.start, now };
      }
      if (!w && windows.size >= maxKeys) makeRoom(now);
      windows.set(key, { start: now, count: 1, ends: now + windowMs });
      return { count: 1, windowStart: now, now };
    },
    async forgive(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count--;
    },
  };
}
