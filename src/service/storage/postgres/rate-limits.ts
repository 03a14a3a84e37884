// The `rate_limits` table (PostgreSQL): one fixed window per key, counted in one statement, so
// that every node adds to the same count, on the database's clock unless a time is given.
import type { RateLimitsRepository } from '../types.ts';
import { rows, type Queryable } from './query.ts';

/** Windows are at most this long (the wrong tokens' 10 minutes): older ones are forgotten. */
const FORGET_AFTER_MS = 60 * 60_000;

export function pgRateLimits(db: Queryable): RateLimitsRepository {
  let hits = 0;
  return {
    async hit(key, now, windowMs) {
      const [row] = await rows<{ count: number; window_start: number; now: number }>(
        db,
        `WITH clock AS (SELECT COALESCE($2::BIGINT, (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT) AS now)
         INSERT INTO rate_limits (key, window_start, count) SELECT $1, clock.now, 1 FROM clock
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_start <= excluded.window_start - $3::BIGINT THEN 1 ELSE rate_limits.count + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= excluded.window_start - $3::BIGINT THEN excluded.window_start ELSE rate_limits.window_start END
         RETURNING count, window_start, (SELECT now FROM clock) AS now`,
        [key, now ?? null, windowMs],
      );
      const at = Number(row!.now);
      // Now and then, windows long over are forgotten (the table stays small); never a window
      // still running, whatever its length.
      if (++hits % 1000 === 0)
        await db.query('DELETE FROM rate_limits WHERE window_start <= $1', [at - FORGET_AFTER_MS]);
      return { count: row!.count, windowStart: Number(row!.window_start), now: at };
    },
    async forgive(key) {
      await db.query('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND count > 0', [key]);
    },
  };
}
