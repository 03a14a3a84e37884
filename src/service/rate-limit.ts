// Fixed-window counters per client address (its network: client-address.ts), kept in the database
// so that every intake node counts the same window and a restart forgets nothing: the form posts,
// upload creations (createRateLimiter) and the wrong tokens (token-guard.ts). The database keeps an
// HMAC of the limit's name and the address under a secret derived from ENCRYPTION_KEY (shared by
// the nodes), never the address nor a plain hash of it: 2^32 IPv4 guesses do not give it back.
// Windows are on the database's clock: a node whose clock is wrong neither ends another's
// lock-out early nor starts one late.
import { createHmac, hkdfSync } from 'node:crypto';
import type { RateLimitsRepository } from './storage/types.ts';

/** Counters per (limit, address), keyed by HMAC: what the limits are given, never the repository itself. */
export interface AddressCounts {
  /** Counts one event (at `now`; undefined: the database's clock); the count of its window so far, when it ends, and the time counted at. */
  hit(
    name: string,
    address: string,
    now: number | undefined,
    windowMs: number,
  ): Promise<{ count: number; endsAt: number; now: number }>;
  /** Takes one event back (a token that was right is not held against its address). */
  forgive(name: string, address: string): Promise<void>;
}

/** The rate limits' HMAC key, derived from the encryption key (its own label: never the key itself). */
export function rateLimitSecret(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'intake rate-limit keys', 32));
}

export function addressCounts(counts: RateLimitsRepository, secret: Buffer): AddressCounts {
  const key = (name: string, address: string) =>
    createHmac('sha256', secret).update(`${name}\n${address}`).digest('base64url');
  return {
    async hit(name, address, now, windowMs) {
      const counted = await counts.hit(key(name, address), now, windowMs);
      return { count: counted.count, endsAt: counted.windowStart + windowMs, now: counted.now };
    },
    forgive: (name, address) => counts.forgive(key(name, address)),
  };
}

/** Whether another request from `address` is allowed: at most `limit` per window, counted in the database. */
export function createRateLimiter(
  counts: AddressCounts,
  name: string,
  limit: number,
  windowMs = 60_000,
): (address: string, now?: number) => Promise<boolean> {
  return async (address, now) => (await counts.hit(name, address, now, windowMs)).count <= limit;
}
