// The `rate_limits` table: one fixed window per key (an HMAC, never a client address in clear).
import type { DatabaseSync } from 'node:sqlite';
import type { RateLimitsRepository, Synchronous } from '../types.ts';

/** Windows are at most this long (the wrong tokens' 10 minutes): older ones are forgotten. */
const FORGET_AFTER_MS = 60 * 60_000;

export function sqliteRateLimits(db: DatabaseSync): Synchronous<RateLimitsRepository> {
  let hits = 0;
  return {
    hit(key, given, windowMs) {
      // One node, its database on its own disk: the node's clock is the database's.
      const now = given ?? Date.now();
      // Now and then, windows long over are forgotten (the table stays small); never a window
      // still running, whatever its length.
      if (++hits % 1000 === 0) db.prepare('DELETE FROM rate_limits WHERE window_start <= ?').run(now - FORGET_AFTER_MS);
      const row = db
        .prepare(
          `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN rate_limits.window_start <= excluded.window_start - ? THEN 1 ELSE rate_limits.count + 1 END,
             window_start = CASE WHEN rate_limits.window_start <= excluded.window_start - ? THEN excluded.window_start ELSE rate_limits.window_start END
           RETURNING count, window_start`,
        )
        .get(key, now, windowMs, windowMs) as { count: number; window_start: number };
      return { count: Number(row.count), windowStart: Number(row.window_start), now };
    },
    forgive(key) {
      db.prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ? AND count > 0').run(key);
    },
  };
}
