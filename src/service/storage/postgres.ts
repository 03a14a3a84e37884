// PostgreSQL storage (DATABASE_URL), for several intake nodes on one database: the same
// repositories as SQLite's (postgres/<table>.ts), the numbered migrations applied at start
// (postgres/migrations/), transactions on one pooled connection, and named locks that hold
// across nodes (advisory locks, released when their holder's connection ends: a node that dies
// releases them).
import pg from 'pg';
import { pgApplications } from './postgres/applications.ts';
import { pgClaimDataDir } from './postgres/data-dir-identity.ts';
import { pgIdempotency } from './postgres/idempotency.ts';
import { migratePostgres } from './postgres/migrate.ts';
import { pgOutbox } from './postgres/outbox.ts';
import type { Queryable } from './postgres/query.ts';
import { pgRateLimits } from './postgres/rate-limits.ts';
import { pgSubmissions } from './postgres/submissions.ts';
import { pgUploads } from './postgres/uploads.ts';
import type { Repositories, Storage } from './types.ts';

// BIGINT columns hold milliseconds and sizes, well within a JavaScript number.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

function repositories(db: Queryable): Repositories {
  return {
    submissions: pgSubmissions(db),
    idempotency: pgIdempotency(db),
    outbox: pgOutbox(db),
    uploads: pgUploads(db),
    applications: pgApplications(db),
    rateLimits: pgRateLimits(db),
  };
}

async function tryLock(
  pool: pg.Pool,
  name: string,
  held: Set<pg.PoolClient>,
): Promise<(() => Promise<void>) | undefined> {
  // A session lock: the connection stays out of the pool while it is held.
  const client = await pool.connect();
  const key = "hashtextextended('intake:' || $1, 0)";
  try {
    const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS ok`, [name]);
    if (!rows[0]?.ok) {
      client.release();
      return undefined;
    }
  } catch (error) {
    client.release(true);
    throw error;
  }
  held.add(client);
  return async () => {
    if (!held.delete(client)) return; // closed meanwhile
    try {
      await client.query(`SELECT pg_advisory_unlock(${key})`, [name]);
      client.release();
    } catch {
      client.release(true); // a broken connection: PostgreSQL released the lock with it
    }
  };
}

/** The server's time now (clock_timestamp: not the transaction's start), in ms. */
async function databaseClock(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ now: string }>(
    'SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT AS now',
  );
  return Number(rows[0]!.now);
}

export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<Storage> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 20 });
  // An idle connection that breaks (the database restarts) is an error on the pool, not a crash.
  pool.on('error', () => undefined);
  await migratePostgres(pool);
  const held = new Set<pg.PoolClient>();
  return {
    engine: 'postgres',
    ...repositories(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(repositories(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').then(
          () => client.release(),
          () => client.release(true),
        );
        throw error;
      }
    },
    tryLock: (name) => tryLock(pool, name, held),
    clock: () => databaseClock(pool),
    claimDataDir: (folder) => pgClaimDataDir(pool, folder),
    async close() {
      // Held locks end with their connections.
      for (const client of held) client.release(true);
      held.clear();
      await pool.end();
    },
  };
}
