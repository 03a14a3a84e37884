// SQLite storage on Node's built-in node:sqlite. WAL and synchronous=FULL: a submission is on
// disk before the answer is sent. The numbered migrations (the platform's sqlite/migrations/ and
// the features' own) are applied at start; the repositories are the PostgreSQL ones (repositories/), through the query builder on
// one connection: while a transaction's work awaits, every other call waits for it to end, so
// nothing else slips into the open transaction.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { sqliteSql } from './dialect.ts';
import { claimDataDir } from './repositories/data-dir-identity.ts';
import { repositories } from './repositories/index.ts';
import type { Tables } from './schema.ts';
import { nodeSqliteDialect } from './sqlite/dialect.ts';
import { migrate } from './sqlite/migrate.ts';
import type { MigrationFolders } from './migration-plan.ts';
import type { Storage } from './types.ts';

export const DATABASE_FILE = 'intake.sqlite';

/**
 * How long a write waits for another process's write (`npm run outbox` retrying an item) before
 * failing with "database is locked". The other process's writes are single short statements.
 */
const BUSY_TIMEOUT_MS = 5000;

/**
 * `owner`: the service itself, the one node on this file (not a tool opening it beside the
 * service); `migrations`: the features' own, applied with the platform's (always given: a database
 * upgraded without them would miss their part of a migration).
 */
export function openSqlite(
  dataDir: string,
  { owner = false, migrations }: { owner?: boolean; migrations: readonly MigrationFolders[] },
): Storage & { db: DatabaseSync } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Created owner-only before SQLite opens it: its -wal and -shm files take the same mode.
  const file = path.join(dataDir, DATABASE_FILE);
  closeSync(openSync(file, 'a', 0o600));
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
  migrate(db, migrations);
  // One node on SQLite: when it starts, claims left by its stopped process are nobody's now. A
  // tool opening the file beside the running service leaves them to it.
  if (owner) db.exec('UPDATE outbox SET claimed_until = 0 WHERE claimed_until > 0');
  const kysely = new Kysely<Tables>({ dialect: nodeSqliteDialect(db) });
  // One node: the locks are this process's.
  const locks = new Set<string>();

  return {
    engine: 'sqlite',
    db,
    ...repositories({ db: kysely, engine: sqliteSql }),
    // The connection is held from BEGIN to the end: calls from outside the transaction wait for it.
    transaction: (work) =>
      kysely.connection().execute(async (connection) => {
        await sql`BEGIN IMMEDIATE`.execute(connection);
        try {
          const result = await work(repositories({ db: connection, engine: sqliteSql }));
          await sql`COMMIT`.execute(connection);
          return result;
        } catch (error) {
          // SQLite may have rolled back already (SQLITE_FULL): a second ROLLBACK would hide the cause.
          if (db.isTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    tryLock: async (name) => {
      if (locks.has(name)) return undefined;
      locks.add(name);
      return async () => void locks.delete(name);
    },
    // One node, its database file on its own disk: the node's clock is the database's.
    clock: async () => Date.now(),
    claimDataDir: (folder) => claimDataDir({ db: kysely, engine: sqliteSql }, folder),
    // After the call under way, if any (the connection is taken in turn).
    close: () => kysely.connection().execute(async () => void (await kysely.destroy())),
  };
}
