// Wrong tokens per client address: the publishing page, the status detail and the preview take a
// secret that a script could otherwise guess at full speed (600 tries in 0.6 s). After
// MAX_FAILURES wrong tokens from one address within WINDOW_MS, that address gets 429 with
// Retry-After for the rest of the window, whatever it presents (a right token too, or the answer
// would tell); other addresses are not affected. Counted by the service's one rate limiter.
import { createWindows } from './rate-limit.ts';

const TOKEN_GUARD = { maxFailures: 10, windowMs: 10 * 60_000 };

export function createTokenGuard(now: () => number = Date.now, limits = TOKEN_GUARD) {
  const windows = createWindows(limits.windowMs);
  return {
    /** Seconds this address must wait before presenting a token again; 0 when it may. */
    retryAfter(address: string): number {
      const at = now();
      const window = windows.peek(address, at);
      return window && window.count >= limits.maxFailures ? Math.ceil((window.endsAt - at) / 1000) : 0;
    },
    /** A wrong token from this address. */
    failed(address: string): void {
      windows.hit(address, now());
    },
  };
}

export type TokenGuard = ReturnType<typeof createTokenGuard>;
