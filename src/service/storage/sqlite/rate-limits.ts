// The `rate_limits` table: one fixed window per key (a hash, never a client address in clear).
import type { DatabaseSync } from 'node:sqlite';
import type { RateLimitsRepository, Synchronous } from '../types.ts';

export function sqliteRateLimits(db: DatabaseSync): Synchronous<RateLimitsRepository> {
  let hits = 0;
  return {
    hit(key, now, windowMs) {
      // Now and then, windows long over are forgotten (the table stays small).
      if (++hits % 1000 === 0) db.prepare('DELETE FROM rate_limits WHERE window_start <= ?').run(now - windowMs);
      const row = db
        .prepare(
          `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN rate_limits.window_start <= excluded.window_start - ? THEN 1 ELSE rate_limits.count + 1 END,
             window_start = CASE WHEN rate_limits.window_start <= excluded.window_start - ? THEN excluded.window_start ELSE rate_limits.window_start END
           RETURNING count`,
        )
        .get(key, now, windowMs, windowMs) as { count: number };
      return Number(row.count);
    },
  };
}
