// The `rate_limits` table (PostgreSQL): one fixed window per key, counted in one statement, so
// that every node adds to the same count.
import type { RateLimitsRepository } from '../types.ts';
import { rows, type Queryable } from './query.ts';

/** Windows are at most this long (the wrong tokens' 10 minutes): older ones are forgotten. */
const FORGET_AFTER_MS = 60 * 60_000;

export function pgRateLimits(db: Queryable): RateLimitsRepository {
  let hits = 0;
  return {
    async hit(key, now, windowMs) {
      // Now and then, windows long over are forgotten (the table stays small); never a window
      // still running, whatever its length.
      if (++hits % 1000 === 0)
        await db.query('DELETE FROM rate_limits WHERE window_start <= $1', [now - FORGET_AFTER_MS]);
      const [row] = await rows<{ count: number; window_start: string }>(
        db,
        `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_start <= $2 - $3::BIGINT THEN 1 ELSE rate_limits.count + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= $2 - $3::BIGINT THEN $2 ELSE rate_limits.window_start END
         RETURNING count, window_start`,
        [key, now, windowMs],
      );
      return { count: row!.count, windowStart: Number(row!.window_start) };
    },
    async forgive(key) {
      await db.query('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND count > 0', [key]);
    },
  };
}
