// PostgreSQL storage (DATABASE_URL), for several intake nodes on one database: the same
// repositories as SQLite's (repositories/, through the query builder), the numbered migrations
// applied at start (the platform's postgres/migrations/ and the features' own), transactions on one pooled connection, and named
// locks that hold across nodes (advisory locks, released when their holder's connection ends: a
// node that dies releases them). Every connection out of the pool is taken by
// postgres/checkout.ts (an error listener: a lost connection is a failed statement, never the end
// of the process); connection and statement time-outs bound what a frozen database can hold up.
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { postgresSql } from './dialect.ts';
import { checkout, guarded, type CheckedOut } from './postgres/checkout.ts';
import { postgresDialect } from './postgres/dialect.ts';
import { migratePostgres } from './postgres/migrate.ts';
import { claimDataDir } from './repositories/data-dir-identity.ts';
import { repositories } from './repositories/index.ts';
import type { MigrationFolders } from './migration-plan.ts';
import type { Tables } from './schema.ts';
import type { Release, Repositories, Storage } from './types.ts';
import { CommitUncertain, StorageUnavailable } from './unavailable.ts';

// BIGINT columns hold milliseconds and sizes, well within a JavaScript number.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

const LOCK_KEY = "hashtextextended('intake:' || $1, 0)";

async function tryLock(pool: pg.Pool, name: string, held: Set<CheckedOut>): Promise<Release | undefined> {
  // A session lock: the connection stays out of the pool while it is held.
  const connection = await checkout(pool);
  try {
    const { rows } = await connection.db.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_KEY}) AS ok`, [
      name,
    ]);
    if (!rows[0]?.ok) {
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

/**
 * Whether the transaction `xid` committed, asked on other connections until PostgreSQL knows
 * (txid_status: "in progress" until its backend has read the COMMIT or ended), for about three
 * seconds at most; undefined when it could not be told. A lookup of the rows it wrote could run
 * before that backend has read the COMMIT and say "not stored" for a transaction that then commits.
 */
async function committed(db: Kysely<Tables>, xid: string): Promise<boolean | undefined> {
  for (const pause of [0, 100, 250, 500, 1000, 1000]) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    const status = await sql<{ status: string | null }>`SELECT txid_status(${xid}::bigint) AS status`
      .execute(db)
      .then((r) => r.rows[0]?.status)
      .catch(() => undefined);
    if (status === 'committed') return true;
    if (status === 'aborted') return false;
  }
  return undefined;
}

/** `work` on one connection from BEGIN to its end (the pool's other connections go on meanwhile). */
function transaction<T>(db: Kysely<Tables>, work: (tx: Repositories) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    let committing = false;
    let xid = '';
    let result: T;
    try {
      await sql`BEGIN`.execute(connection);
      // Its id, for asking whether it committed if the COMMIT's answer is lost.
      xid = (await sql<{ xid: string }>`SELECT txid_current()::text AS xid`.execute(connection)).rows[0]!.xid;
      result = await work(repositories({ db: connection, engine: postgresSql }));
      committing = true;
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      // A ROLLBACK that fails on a lost connection closes it (postgres/dialect.ts); PostgreSQL
      // rolled the transaction back with it.
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      if (!committing || !(error instanceof StorageUnavailable)) throw error;
      // The COMMIT was sent and its answer lost: the database says how it ended.
      const outcome = await committed(db, xid);
      if (outcome === true) return result!;
      if (outcome === false) throw error;
      throw new CommitUncertain(error.cause);
    }
  });
}

export interface PostgresOptions {
  poolSize?: number | undefined;
  /** Longest wait for a connection (a new one, or one of the pool's). */
  connectTimeoutMs?: number | undefined;
  /** Longest a statement may run (PostgreSQL cancels it; the client gives up shortly after). */
  statementTimeoutMs?: number | undefined;
}

const POSTGRES_DEFAULTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

/** `migrations`: the features' own, applied with the platform's (always given, as for SQLite). */
export async function openPostgres(
  url: string,
  options: PostgresOptions & { migrations: readonly MigrationFolders[] },
): Promise<Storage> {
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
  await migratePostgres(pool, options.migrations);
  const held = new Set<CheckedOut>();
  const db = new Kysely<Tables>({ dialect: postgresDialect(pool) });
  return {
    engine: 'postgres',
    ...repositories({ db, engine: postgresSql }),
    transaction: (work) => transaction(db, work),
    tryLock: (name) => tryLock(pool, name, held),
    clock: () => databaseClock(pool),
    claimDataDir: (folder) => claimDataDir({ db, engine: postgresSql }, folder),
    async close() {
      // Held locks end with their connections.
      for (const connection of held) connection.release(true);
      held.clear();
      await pool.end();
    },
  };
}
