// Fixed-window counters per client address, in memory only (never stored, never logged): the
// one rate limiter of the intake service (submissions, applications, upload creations, and the
// wrong tokens of token-guard.ts).

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

/** Whether another request from `key` is allowed: at most `limit` per window. */
export function createRateLimiter(limit: number, windowMs = 60_000) {
  const windows = createWindows(windowMs);
  return (key: string, now = Date.now()): boolean => windows.hit(key, now) <= limit;
}
