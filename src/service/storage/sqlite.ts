// SQLite storage on Node's built-in node:sqlite. WAL and synchronous=FULL: a submission is on
// disk before the answer is sent. Numbered migrations are applied at start.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { UploadConflict, type Storage, type StoredAnswer, type UploadRecord } from './types.ts';

const migrations: string[] = [
  `CREATE TABLE submissions (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL);
   CREATE TABLE idempotency (key TEXT NOT NULL, route TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (key, route));
   CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, submission_id INTEGER NOT NULL, webform_id TEXT NOT NULL, payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL DEFAULT 0, delivered_at TEXT, failed TEXT);`,
  // Housing benefit applications (SIN and dates of birth sealed inside `data`) and their uploads.
  `CREATE TABLE applications (id INTEGER PRIMARY KEY AUTOINCREMENT, number TEXT NOT NULL UNIQUE, lang TEXT NOT NULL, created_at TEXT NOT NULL,
     data TEXT NOT NULL, forward INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL DEFAULT 0,
     sid TEXT, delivered_at TEXT, failed TEXT);
   CREATE TABLE uploads (id TEXT PRIMARY KEY, grp TEXT NOT NULL, filename TEXT NOT NULL, size INTEGER, created_at INTEGER NOT NULL,
     finished_at INTEGER, detected_type TEXT, application_id INTEGER REFERENCES applications(id), path TEXT, fid TEXT);
   CREATE INDEX uploads_unattached ON uploads (created_at) WHERE application_id IS NULL;
   CREATE INDEX applications_forward ON applications (id) WHERE forward = 1 AND delivered_at IS NULL AND failed IS NULL;`,
  // An Idempotency-Key is bound to the request it first came with (hash of the body).
  `ALTER TABLE idempotency ADD COLUMN request_hash TEXT;`,
  // Each outbox item keeps its last error (for `npm run outbox`); items are taken by due time.
  `ALTER TABLE outbox ADD COLUMN last_error TEXT;
   ALTER TABLE applications ADD COLUMN last_error TEXT;
   CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND failed IS NULL;`,
];

interface UploadRow {
  id: string;
  grp: string;
  filename: string;
  size: number | null;
  created_at: number;
  finished_at: number | null;
  detected_type: string | null;
  application_id: number | null;
  path: string | null;
  fid: string | null;
}
const uploadRecord = (r: UploadRow): UploadRecord => ({
  id: r.id,
  group: r.grp,
  filename: r.filename,
  size: r.size,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  detectedType: r.detected_type,
  applicationId: r.application_id,
  path: r.path,
  fid: r.fid,
});

export function openSqlite(dataDir: string): Storage & { db: DatabaseSync } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Created owner-only before SQLite opens it: its -wal and -shm files take the same mode.
  const file = path.join(dataDir, 'intake.sqlite');
  closeSync(openSync(file, 'a', 0o600));
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
  db.exec('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    (db.prepare('SELECT version FROM migrations').all() as Array<{ version: number }>).map((r) => r.version),
  );
  migrations.forEach((sql, i) => {
    if (applied.has(i + 1)) return;
    db.exec('BEGIN');
    db.exec(sql);
    db.prepare('INSERT INTO migrations (version, applied_at) VALUES (?, ?)').run(i + 1, new Date().toISOString());
    db.exec('COMMIT');
  });
  // The outbox commands (retry, discard) act on one row; anything else means the reference was wrong.
  const changedOne = (sql: string, param: string | number) => Number(db.prepare(sql).run(param).changes) === 1;

  return {
    db,
    saveSubmission(kind, data, forward) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = db
          .prepare('INSERT INTO submissions (kind, created_at, data) VALUES (?, ?, ?)')
          .run(kind, new Date().toISOString(), JSON.stringify(data));
        const id = Number(result.lastInsertRowid);
        if (forward)
          db.prepare('INSERT INTO outbox (submission_id, webform_id, payload) VALUES (?, ?, ?)').run(
            id,
            forward.webformId,
            JSON.stringify(forward.payload),
          );
        db.exec('COMMIT');
        return id;
      } catch (error) {
        // SQLite may have rolled back already (SQLITE_FULL): a second ROLLBACK would hide the cause.
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    countSubmissions(kind) {
      return Number((db.prepare('SELECT COUNT(*) AS n FROM submissions WHERE kind = ?').get(kind) as { n: number }).n);
    },
    listSubmissions(kind) {
      return (
        db.prepare('SELECT id, data FROM submissions WHERE kind = ? ORDER BY id').all(kind) as Array<{
          id: number;
          data: string;
        }>
      ).map((r) => ({ id: r.id, data: JSON.parse(r.data) }));
    },
    getIdempotent(key, route) {
      const row = db
        .prepare('SELECT status, body, request_hash FROM idempotency WHERE key = ? AND route = ?')
        .get(key, route) as { status: number; body: string; request_hash: string | null } | undefined;
      return row
        ? { status: row.status, body: JSON.parse(row.body), requestHash: row.request_hash ?? undefined }
        : undefined;
    },
    putIdempotent(key, route, answer: StoredAnswer) {
      db.prepare(
        'INSERT OR IGNORE INTO idempotency (key, route, status, body, request_hash) VALUES (?, ?, ?, ?, ?)',
      ).run(key, route, answer.status, JSON.stringify(answer.body), answer.requestHash ?? null);
    },
    nextOutbox(now) {
      // The earliest due item, not the oldest: one failing item never holds up the others.
      const row = db
        .prepare(
          'SELECT id, webform_id, payload, attempts, next_attempt_at FROM outbox WHERE delivered_at IS NULL AND failed IS NULL ORDER BY next_attempt_at, id LIMIT 1',
        )
        .get() as
        { id: number; webform_id: string; payload: string; attempts: number; next_attempt_at: number } | undefined;
      if (!row) return undefined;
      if (row.next_attempt_at > now) return { waitUntil: row.next_attempt_at };
      return { id: row.id, webformId: row.webform_id, payload: JSON.parse(row.payload), attempts: row.attempts };
    },
    markOutbox(id, outcome) {
      if (outcome.delivered)
        db.prepare('UPDATE outbox SET delivered_at = ? WHERE id = ?').run(new Date().toISOString(), id);
      else if (outcome.failed)
        db.prepare('UPDATE outbox SET failed = ?, last_error = ?, attempts = attempts + 1 WHERE id = ?').run(
          outcome.failed,
          outcome.failed,
          id,
        );
      else
        db.prepare('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?').run(
          outcome.retryAt ?? 0,
          outcome.error ?? null,
          id,
        );
    },
    outboxCounts() {
      const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
      return {
        pending:
          count('SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL AND failed IS NULL') +
          count('SELECT COUNT(*) AS n FROM applications WHERE forward = 1 AND delivered_at IS NULL AND failed IS NULL'),
        failed:
          count('SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL AND failed IS NOT NULL') +
          count(
            'SELECT COUNT(*) AS n FROM applications WHERE forward = 1 AND delivered_at IS NULL AND failed IS NOT NULL',
          ),
      };
    },
    listOutbox() {
      const submissions = db
        .prepare(
          `SELECT o.id, s.kind, s.created_at, o.attempts, o.next_attempt_at, o.failed, o.last_error FROM outbox o JOIN submissions s ON s.id = o.submission_id
        WHERE o.delivered_at IS NULL ORDER BY o.id`,
        )
        .all() as Array<{
        id: number;
        kind: string;
        created_at: string;
        attempts: number;
        next_attempt_at: number;
        failed: string | null;
        last_error: string | null;
      }>;
      const applications = db
        .prepare(
          `SELECT number, created_at, attempts, next_attempt_at, failed, last_error FROM applications
        WHERE forward = 1 AND delivered_at IS NULL ORDER BY id`,
        )
        .all() as Array<{
        number: string;
        created_at: string;
        attempts: number;
        next_attempt_at: number;
        failed: string | null;
        last_error: string | null;
      }>;
      return [
        ...submissions.map((r) => ({
          ref: `submission:${r.id}`,
          kind: r.kind,
          createdAt: r.created_at,
          attempts: r.attempts,
          nextAttemptAt: r.next_attempt_at,
          failed: r.failed,
          lastError: r.last_error,
        })),
        ...applications.map((r) => ({
          ref: `application:${r.number}`,
          kind: 'application',
          createdAt: r.created_at,
          attempts: r.attempts,
          nextAttemptAt: r.next_attempt_at,
          failed: r.failed,
          lastError: r.last_error,
        })),
      ];
    },
    retryOutbox(ref) {
      const [kind, id] = ref.split(':');
      if (kind === 'submission')
        return changedOne(
          'UPDATE outbox SET failed = NULL, attempts = 0, next_attempt_at = 0 WHERE id = ? AND delivered_at IS NULL AND failed IS NOT NULL',
          Number(id),
        );
      if (kind === 'application')
        return changedOne(
          'UPDATE applications SET failed = NULL, attempts = 0, next_attempt_at = 0 WHERE number = ? AND forward = 1 AND delivered_at IS NULL AND failed IS NOT NULL',
          id ?? '',
        );
      return false;
    },
    discardOutbox(ref) {
      // The submission or application stays stored here; it is only no longer sent to the CMS.
      const [kind, id] = ref.split(':');
      if (kind === 'submission')
        return changedOne(
          'DELETE FROM outbox WHERE id = ? AND delivered_at IS NULL AND failed IS NOT NULL',
          Number(id),
        );
      if (kind === 'application')
        return changedOne(
          'UPDATE applications SET forward = 0 WHERE number = ? AND delivered_at IS NULL AND failed IS NOT NULL',
          id ?? '',
        );
      return false;
    },
    createUpload(u) {
      db.prepare('INSERT INTO uploads (id, grp, filename, size, created_at) VALUES (?, ?, ?, ?, ?)').run(
        u.id,
        u.group,
        u.filename,
        u.size,
        u.createdAt,
      );
    },
    finishUpload(id, f) {
      db.prepare(
        'UPDATE uploads SET size = ?, detected_type = ?, finished_at = ? WHERE id = ? AND application_id IS NULL',
      ).run(f.size, f.detectedType, f.finishedAt, id);
    },
    getUpload(id) {
      const row = db.prepare('SELECT * FROM uploads WHERE id = ?').get(id) as UploadRow | undefined;
      return row ? uploadRecord(row) : undefined;
    },
    deleteUpload(id) {
      db.prepare('DELETE FROM uploads WHERE id = ? AND application_id IS NULL').run(id);
    },
    expiredUploads(before) {
      return (
        db.prepare('SELECT id FROM uploads WHERE application_id IS NULL AND created_at < ?').all(before) as Array<{
          id: string;
        }>
      ).map((r) => r.id);
    },
    unattachedUploads() {
      return db.prepare('SELECT id, size FROM uploads WHERE application_id IS NULL').all() as Array<{
        id: string;
        size: number | null;
      }>;
    },
    applicationNumberTaken(number) {
      return db.prepare('SELECT 1 AS x FROM applications WHERE number = ?').get(number) !== undefined;
    },
    saveApplication(application, moveFiles) {
      db.exec('BEGIN IMMEDIATE');
      let undo: (() => void) | undefined;
      try {
        const result = db
          .prepare('INSERT INTO applications (number, lang, created_at, data, forward) VALUES (?, ?, ?, ?, ?)')
          .run(
            application.number,
            application.lang,
            new Date().toISOString(),
            application.data,
            application.forward ? 1 : 0,
          );
        const id = Number(result.lastInsertRowid);
        const attach = db.prepare(
          'UPDATE uploads SET application_id = ?, path = ? WHERE id = ? AND application_id IS NULL AND finished_at IS NOT NULL',
        );
        for (const file of application.files) {
          if (Number(attach.run(id, file.path, file.uploadId).changes) !== 1) throw new UploadConflict(file.uploadId);
        }
        undo = moveFiles();
        db.exec('COMMIT');
        return id;
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        undo?.();
        throw error;
      }
    },
    getApplication(number) {
      const row = db
        .prepare(
          'SELECT id, number, lang, created_at, data, sid, failed, delivered_at FROM applications WHERE number = ?',
        )
        .get(number) as
        | {
            id: number;
            number: string;
            lang: string;
            created_at: string;
            data: string;
            sid: string | null;
            failed: string | null;
            delivered_at: string | null;
          }
        | undefined;
      if (!row) return undefined;
      const files = (
        db
          .prepare('SELECT * FROM uploads WHERE application_id = ? ORDER BY rowid')
          .all(row.id) as unknown as UploadRow[]
      ).map(uploadRecord);
      return {
        id: row.id,
        number: row.number,
        lang: row.lang,
        createdAt: row.created_at,
        data: row.data,
        sid: row.sid,
        forwardFailed: row.failed,
        deliveredAt: row.delivered_at,
        files,
      };
    },
    nextApplicationForward(now) {
      const row = db
        .prepare(
          'SELECT id, number, attempts, next_attempt_at FROM applications WHERE forward = 1 AND delivered_at IS NULL AND failed IS NULL ORDER BY next_attempt_at, id LIMIT 1',
        )
        .get() as { id: number; number: string; attempts: number; next_attempt_at: number } | undefined;
      if (!row) return undefined;
      if (row.next_attempt_at > now) return { waitUntil: row.next_attempt_at };
      return { id: row.id, number: row.number, attempts: row.attempts };
    },
    markApplicationForward(id, outcome) {
      if (outcome.delivered)
        db.prepare('UPDATE applications SET sid = ?, delivered_at = ? WHERE id = ?').run(
          outcome.delivered,
          new Date().toISOString(),
          id,
        );
      else if (outcome.failed)
        db.prepare('UPDATE applications SET failed = ?, last_error = ?, attempts = attempts + 1 WHERE id = ?').run(
          outcome.failed,
          outcome.failed,
          id,
        );
      else
        db.prepare(
          'UPDATE applications SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?',
        ).run(outcome.retryAt ?? 0, outcome.error ?? null, id);
    },
    setUploadFid(uploadId, fid) {
      db.prepare('UPDATE uploads SET fid = ? WHERE id = ?').run(fid, uploadId);
    },
    applicationFiles(applicationId) {
      return (
        db
          .prepare('SELECT * FROM uploads WHERE application_id = ? ORDER BY rowid')
          .all(applicationId) as unknown as UploadRow[]
      ).map(uploadRecord);
    },
    close() {
      db.close();
    },
  };
}
