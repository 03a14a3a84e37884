// SQLite storage on Node's built-in node:sqlite. WAL and synchronous=FULL: a submission is on
// disk before the answer is sent. The numbered migrations (sqlite/migrations/) are applied at
// start; each table has its repository (sqlite/<table>.ts), synchronous, answered as promises
// like the PostgreSQL ones. One connection: while a transaction's work awaits, every other call
// waits for it to end, so nothing else slips into the open transaction.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sqliteApplications } from './sqlite/applications.ts';
import { sqliteIdempotency } from './sqlite/idempotency.ts';
import { migrate } from './sqlite/migrate.ts';
import { sqliteOutbox } from './sqlite/outbox.ts';
import { sqliteRateLimits } from './sqlite/rate-limits.ts';
import { sqliteClaimDataDir } from './sqlite/data-dir-identity.ts';
import { sqliteSubmissions } from './sqlite/submissions.ts';
import { sqliteUploads } from './sqlite/uploads.ts';
import type { Repositories, Storage, Synchronous } from './types.ts';

export const DATABASE_FILE = 'intake.sqlite';

type SyncRepositories = { [K in keyof Repositories]: Synchronous<Repositories[K]> };

/** Each method of `repo` as an async one that first waits for `ready` (undefined: at once). */
function promised<T>(repo: Synchronous<T>, ready: () => Promise<void> | undefined): T {
  const entries = Object.entries(repo as Record<string, (...args: unknown[]) => unknown>).map(([name, fn]) => [
    name,
    async (...args: unknown[]) => {
      for (let wait = ready(); wait; wait = ready()) await wait;
      return fn(...args);
    },
  ]);
  return Object.fromEntries(entries) as T;
}

function repositories(sync: SyncRepositories, ready: () => Promise<void> | undefined): Repositories {
  return {
    submissions: promised(sync.submissions, ready),
    idempotency: promised(sync.idempotency, ready),
    outbox: promised(sync.outbox, ready),
    uploads: promised(sync.uploads, ready),
    applications: promised(sync.applications, ready),
    rateLimits: promised(sync.rateLimits, ready),
  };
}

/**
 * How long a write waits for another process's write (`npm run outbox` retrying an item) before
 * failing with "database is locked". The other process's writes are single short statements.
 */
const BUSY_TIMEOUT_MS = 5000;

/** `owner`: the service itself, the one node on this file (not a tool opening it beside the service). */
export function openSqlite(dataDir: string, { owner = false } = {}): Storage & { db: DatabaseSync } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Created owner-only before SQLite opens it: its -wal and -shm files take the same mode.
  const file = path.join(dataDir, DATABASE_FILE);
  closeSync(openSync(file, 'a', 0o600));
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
  migrate(db);
  // One node on SQLite: when it starts, claims left by its stopped process are nobody's now. A
  // tool opening the file beside the running service leaves them to it.
  if (owner) db.exec('UPDATE outbox SET claimed_until = 0 WHERE claimed_until > 0');
  const sync: SyncRepositories = {
    submissions: sqliteSubmissions(db),
    idempotency: sqliteIdempotency(db),
    outbox: sqliteOutbox(db),
    uploads: sqliteUploads(db),
    applications: sqliteApplications(db),
    rateLimits: sqliteRateLimits(db),
  };
  // One node: the locks are this process's.
  const locks = new Set<string>();
  // The transaction under way, if any: calls from outside it wait for it.
  let busy: Promise<void> | undefined;
  const inside = repositories(sync, () => undefined);

  async function transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    // Check and take in one step (no await between): two transactions never open together.
    while (busy) await busy;
    let done!: () => void;
    busy = new Promise((resolve) => (done = resolve));
    try {
      db.exec('BEGIN IMMEDIATE');
      const result = await work(inside);
      db.exec('COMMIT');
      return result;
    } catch (error) {
      // SQLite may have rolled back already (SQLITE_FULL): a second ROLLBACK would hide the cause.
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    } finally {
      busy = undefined;
      done();
    }
  }

  return {
    engine: 'sqlite',
    db,
    ...repositories(sync, () => busy),
    transaction,
    tryLock: async (name) => {
      if (locks.has(name)) return undefined;
      locks.add(name);
      return async () => void locks.delete(name);
    },
    // One node, its database file on its own disk: the node's clock is the database's.
    clock: async () => Date.now(),
    claimDataDir: async (folder) => sqliteClaimDataDir(db, folder),
    close: async () => {
      while (busy) await busy;
      db.close();
    },
  };
}
