// The `outbox` table: what is still to be sent to the CMS, one item per submission or application
// (`kind`, `ref`), each on its own schedule. Delivered items stay, marked, so a copy is never sent
// again after a restart.
import type { DatabaseSync } from 'node:sqlite';
import type { OutboxEntry, OutboxKind, OutboxRepository, Synchronous } from '../types.ts';

const PENDING = 'delivered_at IS NULL AND failed IS NULL';
const FAILED = 'delivered_at IS NULL AND failed IS NOT NULL';

interface DueRow {
  id: number;
  kind: OutboxKind;
  ref: string;
  webform_id: string | null;
  payload: string | null;
  attempts: number;
  next_attempt_at: number;
}
interface ListRow {
  kind: string;
  ref: string;
  what: string;
  created_at: string;
  attempts: number;
  next_attempt_at: number;
  failed: string | null;
  last_error: string | null;
}

/** `submission:4` → ['submission', '4']; the application numbers have no colon. */
function splitRef(ref: string): [string, string] {
  const at = ref.indexOf(':');
  return at < 0 ? [ref, ''] : [ref.slice(0, at), ref.slice(at + 1)];
}

/** Undelivered items, oldest first. What was submitted (feedback, correction) is the submission's kind. */
function listUndelivered(db: DatabaseSync): OutboxEntry[] {
  const rows = db
    .prepare(
      `SELECT o.kind, o.ref, COALESCE(s.kind, o.kind) AS what, o.created_at, o.attempts, o.next_attempt_at, o.failed, o.last_error
       FROM outbox o LEFT JOIN submissions s ON o.kind = 'submission' AND s.id = CAST(o.ref AS INTEGER)
       WHERE o.delivered_at IS NULL ORDER BY o.id`,
    )
    .all() as unknown as ListRow[];
  return rows.map((r) => ({
    ref: `${r.kind}:${r.ref}`,
    kind: r.what,
    createdAt: r.created_at,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    failed: r.failed,
    lastError: r.last_error,
  }));
}

export function sqliteOutbox(db: DatabaseSync): Synchronous<OutboxRepository> {
  // The outbox commands (retry, discard) act on one row; anything else means the reference was wrong.
  const changedOne = (sql: string, ref: string) => Number(db.prepare(sql).run(...splitRef(ref)).changes) === 1;
  const count = (where: string) =>
    Number((db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE ${where}`).get() as { n: number }).n);
  return {
    add(item) {
      db.prepare('INSERT INTO outbox (kind, ref, created_at, webform_id, payload) VALUES (?, ?, ?, ?, ?)').run(
        item.kind,
        item.ref,
        new Date().toISOString(),
        item.webformId ?? null,
        item.payload ? JSON.stringify(item.payload) : null,
      );
    },
    next(kind, now) {
      // The earliest due item, not the oldest: one failing item never holds up the others.
      const row = db
        .prepare(
          `SELECT id, kind, ref, webform_id, payload, attempts, next_attempt_at FROM outbox WHERE kind = ? AND ${PENDING} ORDER BY next_attempt_at, id LIMIT 1`,
        )
        .get(kind) as DueRow | undefined;
      if (!row) return undefined;
      if (row.next_attempt_at > now) return { waitUntil: row.next_attempt_at };
      return {
        id: row.id,
        kind: row.kind,
        ref: row.ref,
        webformId: row.webform_id,
        payload: row.payload === null ? null : (JSON.parse(row.payload) as Record<string, unknown>),
        attempts: row.attempts,
      };
    },
    delivered(id, sid) {
      db.prepare('UPDATE outbox SET sid = ?, delivered_at = ? WHERE id = ?').run(sid, new Date().toISOString(), id);
    },
    retryLater(id, at, error) {
      db.prepare('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?').run(
        at,
        error,
        id,
      );
    },
    failed(id, reason) {
      db.prepare('UPDATE outbox SET failed = ?, last_error = ?, attempts = attempts + 1 WHERE id = ?').run(
        reason,
        reason,
        id,
      );
    },
    state(kind, ref) {
      const row = db
        .prepare('SELECT attempts, sid, delivered_at AS deliveredAt, failed FROM outbox WHERE kind = ? AND ref = ?')
        .get(kind, ref);
      return row
        ? { ...(row as { attempts: number; sid: string | null; deliveredAt: string | null; failed: string | null }) }
        : undefined;
    },
    counts() {
      return { pending: count(PENDING), failed: count(FAILED) };
    },
    list: () => listUndelivered(db),
    retry(ref) {
      return changedOne(
        `UPDATE outbox SET failed = NULL, attempts = 0, next_attempt_at = 0 WHERE kind = ? AND ref = ? AND ${FAILED}`,
        ref,
      );
    },
    discard(ref) {
      // The submission or application stays stored here; it is only no longer sent to the CMS.
      return changedOne(`DELETE FROM outbox WHERE kind = ? AND ref = ? AND ${FAILED}`, ref);
    },
  };
}
