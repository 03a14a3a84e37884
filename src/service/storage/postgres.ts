// PostgreSQL storage (DATABASE_URL), for several intake nodes on one database: the same
// repositories as SQLite's (postgres/<table>.ts), the numbered migrations applied at start
// (postgres/migrations/), transactions on one pooled connection, and named locks that hold
// across nodes (advisory locks, released when their holder's connection ends: a node that dies
// releases them). Every connection out of the pool is taken by postgres/checkout.ts (an error
// listener: a lost connection is a failed statement, never the end of the process); connection
// and statement time-outs bound what a frozen database can hold up.
import pg from 'pg';
import { pgApplications } from './postgres/applications.ts';
import { pgClaimDataDir } from './postgres/data-dir-identity.ts';
import { pgIdempotency } from './postgres/idempotency.ts';
import { migratePostgres } from './postgres/migrate.ts';
import { pgOutbox } from './postgres/outbox.ts';
import { rows, type Queryable } from './postgres/query.ts';
import { pgRateLimits } from './postgres/rate-limits.ts';
import { pgSubmissions } from './postgres/submissions.ts';
import { pgUploads } from './postgres/uploads.ts';
import { checkout, guarded, type CheckedOut } from './postgres/checkout.ts';
import type { Release, Repositories, Storage } from './types.ts';
import { CommitUncertain, StorageUnavailable } from './unavailable.ts';

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

const LOCK_KEY = "hashtextextended('intake:' || $1, 0)";

async function tryLock(pool: pg.Pool, name: string, held: Set<CheckedOut>): Promise<Release | undefined> {
  // A session lock: the connection stays out of the pool while it is held.
  const connection = await checkout(pool);
  try {
    const [row] = await rows<{ ok: boolean }>(connection.db, `SELECT pg_try_advisory_lock(${LOCK_KEY}) AS ok`, [name]);
    if (!row?.ok) {
      connection.release();
      return undefined;
    }
  } catch (error) {
    connection.release(true);
    throw error;
  }
  held.add(connection);
  const release = async () => {
    if (!held.delete(connection)) return; // closed meanwhile
    try {
      await connection.db.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`, [name]);
      connection.release();
    } catch {
      connection.release(true); // a broken connection: PostgreSQL released the lock with it
    }
  };
  // A lost connection is a lost lock: PostgreSQL released it, another node may take it now.
  return Object.assign(release, { lost: connection.lost });
}

/** The server's time now (clock_timestamp: not the transaction's start), in ms. */
async function databaseClock(pool: pg.Pool): Promise<number> {
  const { rows } = await guarded(pool).query<{ now: string }>(
    'SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT AS now',
  );
  return Number(rows[0]!.now);
}

async function transaction<T>(pool: pg.Pool, work: (tx: Repositories) => Promise<T>): Promise<T> {
  const connection = await checkout(pool);
  let committing = false;
  try {
    await connection.db.query('BEGIN');
    const result = await work(repositories(connection.db));
    committing = true;
    await connection.db.query('COMMIT');
    connection.release();
    return result;
  } catch (error) {
    await connection.db.query('ROLLBACK').then(
      () => connection.release(),
      () => connection.release(true),
    );
    // The COMMIT was sent and its answer lost: stored or not, only the database knows now.
    if (committing && error instanceof StorageUnavailable) throw new CommitUncertain(error.cause);
    throw error;
  }
}

export interface PostgresOptions {
  poolSize?: number | undefined;
  /** Longest wait for a connection (a new one, or one of the pool's). */
  connectTimeoutMs?: number | undefined;
  /** Longest a statement may run (PostgreSQL cancels it; the client gives up shortly after). */
  statementTimeoutMs?: number | undefined;
}

const POSTGRES_DEFAULTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Storage> {
  const statementMs = options.statementTimeoutMs ?? POSTGRES_DEFAULTS.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 20,
    connectionTimeoutMillis: options.connectTimeoutMs ?? POSTGRES_DEFAULTS.connectTimeoutMs,
    // PostgreSQL cancels a statement that runs too long, and ends a transaction left open by a
    // node that stopped answering (its locks with it); the client's own limit covers a database
    // (or network) that answers nothing at all.
    statement_timeout: statementMs,
    idle_in_transaction_session_timeout: statementMs,
    query_timeout: statementMs + 2_000,
    // A dead peer is noticed on an idle connection too (a held lock).
    keepAlive: true,
  });
  // An idle connection that breaks (the database restarts) is an error on the pool, not a crash.
  pool.on('error', () => undefined);
  await migratePostgres(pool);
  const held = new Set<CheckedOut>();
  return {
    engine: 'postgres',
    ...repositories(guarded(pool)),
    transaction: (work) => transaction(pool, work),
    tryLock: (name) => tryLock(pool, name, held),
    clock: () => databaseClock(pool),
    claimDataDir: (folder) => pgClaimDataDir(guarded(pool), folder),
    async close() {
      // Held locks end with their connections.
      for (const connection of held) connection.release(true);
      held.clear();
      await pool.end();
    },
  };
}
