// The `rate_limits` table (PostgreSQL): one fixed window per key, counted in one statement, so
// that every node adds to the same count.
import type { RateLimitsRepository } from '../types.ts';
import { rows, type Queryable } from './query.ts';

export function pgRateLimits(db: Queryable): RateLimitsRepository {
  let hits = 0;
  return {
    async hit(key, now, windowMs) {
      // Now and then, windows long over are forgotten (the table stays small).
      if (++hits % 1000 === 0) await db.query('DELETE FROM rate_limits WHERE window_start <= $1', [now - windowMs]);
      const [row] = await rows<{ count: number }>(
        db,
        `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_start <= $2 - $3::BIGINT THEN 1 ELSE rate_limits.count + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= $2 - $3::BIGINT THEN $2 ELSE rate_limits.window_start END
         RETURNING count`,
        [key, now, windowMs],
      );
      return row!.count;
    },
  };
}
