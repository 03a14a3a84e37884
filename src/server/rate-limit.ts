// Fixed-window counters per client address, in memory only (never stored, never logged): the
// one rate limiter of the intake service (submissions, applications, upload creations).
export function createRateLimiter(limit: number, windowMs = 60_000) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string, now = Date.now()): boolean => {
    const w = windows.get(key);
    if (!w || now - w.start > windowMs) {
      // Bounded memory under address churn: forget stale windows first, everything if need be.
      if (windows.size > 10_000) {
        for (const [k, v] of windows) if (now - v.start > windowMs) windows.delete(k);
        if (windows.size > 10_000) windows.clear();
      }
      windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count++;
    return w.count <= limit;
  };
}
