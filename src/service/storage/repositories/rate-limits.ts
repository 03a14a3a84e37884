// The `rate_limits` table: one fixed window per key (an HMAC, never a client address in clear),
// counted in one statement so that every node adds to the same count, on the database's clock
// unless a time is given.
import { sql } from 'kysely';
import type { Db } from '../dialect.ts';
import { isDiskFull } from '../disk-full-error.ts';
import type { RateLimitsRepository } from '../types.ts';

/** Windows are at most this long (the wrong tokens' 10 minutes): older ones are forgotten. */
const FORGET_AFTER_MS = 60 * 60_000;

/**
 * The window of `key` as stored, with this event added but not written: a full disk (SQLite
 * cannot write even this row) still has its limits answered, and an address over its limit stays
 * over it. Nothing else can be stored then either; the request's own answer says so (507).
 */
async function uncounted({ db, engine }: Db, key: string, now: number | undefined, windowMs: number) {
  const at = sql<number>`COALESCE(CAST(${now ?? null} AS BIGINT), ${engine.clockMs})`;
  const { rows } = await sql<{ now: number; count: number | null; window_start: number | null }>`
    SELECT ${at} AS now, r.count, r.window_start FROM (SELECT 1 AS one) clock
    LEFT JOIN rate_limits r ON r.key = ${key}`.execute(db);
  const row = rows[0]!;
  const counted = Number(row.now);
  const running = row.window_start !== null && Number(row.window_start) > counted - windowMs;
  return running
    ? { count: Number(row.count) + 1, windowStart: Number(row.window_start), now: counted }
    : { count: 1, windowStart: counted, now: counted };
}

export function rateLimits(on: Db): RateLimitsRepository {
  const { db, engine } = on;
  let hits = 0;
  return {
    async hit(key, now, windowMs) {
      // The clock is read twice, in one statement: both engines give one value for the statement.
      const at = sql<number>`COALESCE(CAST(${now ?? null} AS BIGINT), ${engine.clockMs})`;
      const count = sql<{ count: number; window_start: number; now: number }>`
        INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${at}, 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start <= excluded.window_start - CAST(${windowMs} AS BIGINT)
            THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= excluded.window_start - CAST(${windowMs} AS BIGINT)
            THEN excluded.window_start ELSE rate_limits.window_start END
        RETURNING count, window_start, ${at} AS now`;
      const rows = await count.execute(db).then(
        (result) => result.rows,
        (error: unknown) => {
          if (isDiskFull(error)) return undefined;
          throw error;
        },
      );
      if (!rows) return uncounted(on, key, now, windowMs);
      const row = rows[0]!;
      const counted = Number(row.now);
      // Now and then, windows long over are forgotten (the table stays small); never a window
      // still running, whatever its length.
      if (++hits % 1000 === 0)
        await db
          .deleteFrom('rate_limits')
          .where('window_start', '<=', counted - FORGET_AFTER_MS)
          .execute();
      return { count: Number(row.count), windowStart: Number(row.window_start), now: counted };
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
