// Wrong tokens per client address: the publishing page, the status detail and the preview take a
// secret that a script could otherwise guess at full speed (600 tries in 0.6 s). After
// MAX_FAILURES wrong tokens from one address within WINDOW_MS, that address gets 429 with
// Retry-After for the rest of the window, whatever it presents (a right token too, or the answer
// would tell); other addresses are not affected. In memory only, never stored or logged.
const TOKEN_GUARD = { maxFailures: 10, windowMs: 10 * 60_000 };

export function createTokenGuard(now: () => number = Date.now, limits = TOKEN_GUARD) {
  const failures = new Map<string, { start: number; count: number }>();
  const current = (address: string, at: number) => {
    const entry = failures.get(address);
    if (entry && at - entry.start >= limits.windowMs) {
      failures.delete(address);
      return undefined;
    }
    return entry;
  };
  return {
    /** Seconds this address must wait before presenting a token again; 0 when it may. */
    retryAfter(address: string): number {
      const at = now();
      const entry = current(address, at);
      return entry && entry.count >= limits.maxFailures ? Math.ceil((entry.start + limits.windowMs - at) / 1000) : 0;
    },
    /** A wrong token from this address. */
    failed(address: string): void {
      const at = now();
      const entry = current(address, at);
      if (entry) {
        entry.count++;
        return;
      }
      // Bounded memory under address churn: stale windows first, everything if need be.
      if (failures.size > 10_000) {
        for (const [key, value] of failures) if (at - value.start >= limits.windowMs) failures.delete(key);
        if (failures.size > 10_000) failures.clear();
      }
      failures.set(address, { start: at, count: 1 });
    },
  };
}

export type TokenGuard = ReturnType<typeof createTokenGuard>;
