// SQLite storage on Node's built-in node:sqlite. WAL and synchronous=FULL: a submission is on
// disk before the answer is sent. The numbered migrations (sqlite/migrations/) are applied at
// start; each table has its repository (sqlite/<table>.ts).
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sqliteApplications } from './sqlite/applications.ts';
import { sqliteIdempotency } from './sqlite/idempotency.ts';
import { migrate } from './sqlite/migrate.ts';
import { sqliteOutbox } from './sqlite/outbox.ts';
import { sqliteSubmissions } from './sqlite/submissions.ts';
import { sqliteUploads } from './sqlite/uploads.ts';
import type { Storage } from './types.ts';

const DATABASE_FILE = 'intake.sqlite';

export function openSqlite(dataDir: string): Storage & { db: DatabaseSync } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Created owner-only before SQLite opens it: its -wal and -shm files take the same mode.
  const file = path.join(dataDir, DATABASE_FILE);
  closeSync(openSync(file, 'a', 0o600));
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
  migrate(db);
  return {
    db,
    submissions: sqliteSubmissions(db),
    idempotency: sqliteIdempotency(db),
    outbox: sqliteOutbox(db),
    uploads: sqliteUploads(db),
    applications: sqliteApplications(db),
    transaction: (work) => transaction(db, work),
    close: () => db.close(),
  };
}

function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite may have rolled back already (SQLITE_FULL): a second ROLLBACK would hide the cause.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
