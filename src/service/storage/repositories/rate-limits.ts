// The `rate_limits` table: one fixed window per key (an HMAC, never a client address in clear),
// counted in one statement so that every node adds to the same count, on the database's clock
// unless a time is given.
import { sql } from 'kysely';
import type { Db } from '../dialect.ts';
import type { RateLimitsRepository } from '../types.ts';

/** Windows are at most this long (the wrong tokens' 10 minutes): older ones are forgotten. */
const FORGET_AFTER_MS = 60 * 60_000;

export function rateLimits({ db, engine }: Db): RateLimitsRepository {
  let hits = 0;
  return {
    async hit(key, now, windowMs) {
      // SQLite parses `INSERT … SELECT … ON CONFLICT` only with a WHERE in the SELECT.
      const { rows } = await sql<{ count: number; window_start: number; now: number }>`
        WITH clock AS (SELECT COALESCE(CAST(${now ?? null} AS BIGINT), ${engine.clockMs}) AS now)
        INSERT INTO rate_limits (key, window_start, count) SELECT ${key}, clock.now, 1 FROM clock WHERE true
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start <= excluded.window_start - CAST(${windowMs} AS BIGINT)
            THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= excluded.window_start - CAST(${windowMs} AS BIGINT)
            THEN excluded.window_start ELSE rate_limits.window_start END
        RETURNING count, window_start, (SELECT now FROM clock) AS now`.execute(db);
      const row = rows[0]!;
      const at = Number(row.now);
      // Now and then, windows long over are forgotten (the table stays small); never a window
      // still running, whatever its length.
      if (++hits % 1000 === 0)
        await db
          .deleteFrom('rate_limits')
          .where('window_start', '<=', at - FORGET_AFTER_MS)
          .execute();
      return { count: Number(row.count), windowStart: Number(row.window_start), now: at };
    },
    async forgive(key) {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute();
    },
  };
}
