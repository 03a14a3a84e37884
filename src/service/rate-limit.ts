// Fixed-window counters per client address: in memory (createWindows: the wrong tokens of
// token-guard.ts), and in the database for submissions, applications and upload creations
// (createRateLimiter), so that every intake node counts the same window. The database keeps a
// hash of the address with the limit's name, never the address itself; nothing is logged.
import { createHash } from 'node:crypto';
import type { RateLimitsRepository } from './storage/types.ts';

/** Counts per key within windows of `windowMs` from each key's first event. */
export function createWindows(windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    return w && now - w.start < windowMs ? w : undefined;
  };
  return {
    /** Counts one event for `key`; returns the count of its window so far. */
    hit(key: string, now: number): number {
      const w = current(key, now);
      if (w) return ++w.count;
      // Bounded memory under address churn: forget stale windows first, everything if need be.
      if (windows.size > 10_000) {
        for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
        if (windows.size > 10_000) windows.clear();
      }
      windows.set(key, { start: now, count: 1 });
      return 1;
    },
    /** The count of `key`'s window and when it ends, without counting; undefined when it has none. */
    peek(key: string, now: number): { count: number; endsAt: number } | undefined {
      const w = current(key, now);
      return w && { count: w.count, endsAt: w.start + windowMs };
    },
  };
}

/** Whether another request from `address` is allowed: at most `limit` per window, counted in the database. */
export function createRateLimiter(
  counts: RateLimitsRepository,
  name: string,
  limit: number,
  windowMs = 60_000,
): (address: string, now?: number) => Promise<boolean> {
  const key = (address: string) => createHash('sha256').update(`${name}\n${address}`).digest('base64url');
  return async (address, now = Date.now()) => (await counts.hit(key(address), now, windowMs)) <= limit;
}
