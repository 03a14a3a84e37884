// SQLite storage on Node's built-in node:sqlite. WAL and synchronous=FULL: a submission is on
// disk before the answer is sent. Numbered migrations are applied at start.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Storage, StoredAnswer } from './types.ts';

const migrations: string[] = [
  `CREATE TABLE submissions (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL);
   CREATE TABLE idempotency (key TEXT NOT NULL, route TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (key, route));
   CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, submission_id INTEGER NOT NULL, webform_id TEXT NOT NULL, payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL DEFAULT 0, delivered_at TEXT, failed TEXT);`,
];

export function openSqlite(dataDir: string): Storage & { db: DatabaseSync } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(path.join(dataDir, 'intake.sqlite'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
  db.exec('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set((db.prepare('SELECT version FROM migrations').all() as Array<{ version: number }>).map((r) => r.version));
  migrations.forEach((sql, i) => {
    if (applied.has(i + 1)) return;
    db.exec('BEGIN');
    db.exec(sql);
    db.prepare('INSERT INTO migrations (version, applied_at) VALUES (?, ?)').run(i + 1, new Date().toISOString());
    db.exec('COMMIT');
  });

  return {
    db,
    saveSubmission(kind, data, forward) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = db.prepare('INSERT INTO submissions (kind, created_at, data) VALUES (?, ?, ?)').run(kind, new Date().toISOString(), JSON.stringify(data));
        const id = Number(result.lastInsertRowid);
        if (forward) db.prepare('INSERT INTO outbox (submission_id, webform_id, payload) VALUES (?, ?, ?)').run(id, forward.webformId, JSON.stringify(forward.payload));
        db.exec('COMMIT');
        return id;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    countSubmissions(kind) {
      return Number((db.prepare('SELECT COUNT(*) AS n FROM submissions WHERE kind = ?').get(kind) as { n: number }).n);
    },
    listSubmissions(kind) {
      return (db.prepare('SELECT id, data FROM submissions WHERE kind = ? ORDER BY id').all(kind) as Array<{ id: number; data: string }>).map((r) => ({ id: r.id, data: JSON.parse(r.data) }));
    },
    getIdempotent(key, route) {
      const row = db.prepare('SELECT status, body FROM idempotency WHERE key = ? AND route = ?').get(key, route) as { status: number; body: string } | undefined;
      return row ? { status: row.status, body: JSON.parse(row.body) } : undefined;
    },
    putIdempotent(key, route, answer: StoredAnswer) {
      db.prepare('INSERT OR IGNORE INTO idempotency (key, route, status, body) VALUES (?, ?, ?, ?)').run(key, route, answer.status, JSON.stringify(answer.body));
    },
    nextOutbox(now) {
      const row = db.prepare('SELECT id, webform_id, payload, attempts FROM outbox WHERE delivered_at IS NULL AND failed IS NULL ORDER BY id LIMIT 1').get() as { id: number; webform_id: string; payload: string; attempts: number; } | undefined;
      if (!row) return undefined;
      const due = db.prepare('SELECT next_attempt_at FROM outbox WHERE id = ?').get(row.id) as { next_attempt_at: number };
      if (due.next_attempt_at > now) return { waitUntil: due.next_attempt_at };
      return { id: row.id, webformId: row.webform_id, payload: JSON.parse(row.payload), attempts: row.attempts };
    },
    markOutbox(id, outcome) {
      if (outcome.delivered) db.prepare('UPDATE outbox SET delivered_at = ? WHERE id = ?').run(new Date().toISOString(), id);
      else if (outcome.failed) db.prepare('UPDATE outbox SET failed = ?, attempts = attempts + 1 WHERE id = ?').run(outcome.failed, id);
      else db.prepare('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?').run(outcome.retryAt ?? 0, id);
    },
    close() {
      db.close();
    },
  };
}
