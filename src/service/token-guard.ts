// Wrong tokens per client address: the publishing page, the status detail, the preview and
// /metrics take a secret that a script could otherwise guess at full speed (600 tries in 0.6 s).
// Every token presented is counted before it is checked (in one statement: 50 guesses at once
// cannot all pass a "fewer than 10 so far" look), and a right one is taken back. Past
// MAX_FAILURES within WINDOW_MS an address (an IPv6 /64) gets 429 with Retry-After for the rest of
// the window, whatever it presents (a right token too, or the answer would tell); other addresses
// are not affected. Counted in the database (rate-limit.ts): every node sees one lock-out, a
// restart keeps it, and no flood of fresh addresses pushes it out.
import type { AddressCounts } from './rate-limit.ts';

const TOKEN_GUARD = { maxFailures: 10, windowMs: 10 * 60_000 };
const NAME = 'wrong-tokens';

/** `now`: a clock of the caller's (tests); by default the database's, shared by the nodes. */
export function createTokenGuard(counts: AddressCounts, now?: () => number, limits = TOKEN_GUARD) {
  return {
    /**
     * Counts a token presented from this address; the seconds it must wait (its token is then not
     * checked), or 0 when the token may be checked.
     */
    async attempt(address: string): Promise<number> {
      const counted = await counts.hit(NAME, address, now?.(), limits.windowMs);
      return counted.count > limits.maxFailures ? Math.max(1, Math.ceil((counted.endsAt - counted.now) / 1000)) : 0;
    },
    /** The token was right: its attempt does not count against the address. */
    async right(address: string): Promise<void> {
      await counts.forgive(NAME, address);
    },
  };
}

export type TokenGuard = ReturnType<typeof createTokenGuard>;
