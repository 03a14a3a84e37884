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

function claimNext(db: DatabaseSync, kind: OutboxKind, now: number, claim: { by: string; until: number }) {
  // The earliest due item, not the oldest: one failing item never holds up the others. One
  // statement: the search and the claim are one write, so two processes never take the same.
  const row = db
    .prepare(
      `UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id = (
             SELECT id FROM outbox WHERE kind = ? AND ${PENDING} AND next_attempt_at <= ? AND claimed_until <= ?
             ORDER BY next_attempt_at, id LIMIT 1)
           RETURNING id, kind, ref, webform_id, payload, attempts, next_attempt_at`,
    )
    .get(claim.by, claim.until, kind, now, now) as DueRow | undefined;
  if (!row) {
    const due = db
      .prepare(`SELECT MIN(MAX(next_attempt_at, claimed_until)) AS at FROM outbox WHERE kind = ? AND ${PENDING}`)
      .get(kind) as { at: number | null };
    return due.at === null ? undefined : { waitUntil: Number(due.at) };
  }
  return {
    id: row.id,
    kind: row.kind,
    ref: row.ref,
    webformId: row.webform_id,
    payload: row.payload === null ? null : (JSON.parse(row.payload) as Record<string, unknown>),
    attempts: row.attempts,
  };
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
    next: (kind, now, claim) => claimNext(db, kind, now, claim),
    extend(id, by, until) {
      const result = db
        .prepare(`UPDATE outbox SET claimed_until = ? WHERE id = ? AND claimed_by = ? AND ${PENDING}`)
        .run(until, id, by);
      return Number(result.changes) === 1;
    },
    delivered(id, sid) {
      db.prepare('UPDATE outbox SET sid = ?, delivered_at = ?, claimed_until = 0 WHERE id = ?').run(
        sid,
        new Date().toISOString(),
        id,
      );
    },
    retryLater(id, at, error) {
      db.prepare(
        `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, claimed_until = 0 WHERE id = ? AND ${PENDING}`,
      ).run(at, error, id);
    },
    failed(id, reason) {
      db.prepare(
        `UPDATE outbox SET failed = ?, last_error = ?, attempts = attempts + 1, claimed_until = 0 WHERE id = ? AND ${PENDING}`,
      ).run(reason, reason, id);
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
        `UPDATE outbox SET failed = NULL, attempts = 0, next_attempt_at = 0, claimed_until = 0 WHERE kind = ? AND ref = ? AND ${FAILED}`,
        ref,
      );
    },
    discard(ref) {
      // The submission or application stays stored here; it is only no longer sent to the CMS.
      return changedOne(`DELETE FROM outbox WHERE kind = ? AND ref = ? AND ${FAILED}`, ref);
    },
  };
}
