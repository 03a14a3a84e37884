// The `outbox` table (PostgreSQL): what is still to be sent to the CMS. A node claims the item due
// first in one statement whose search skips rows another node is claiming at that moment
// (FOR UPDATE SKIP LOCKED); the claim is a lease (claimed_until) that the sender extends while it
// works and that ends by itself when the node dies, so another node takes the item up then.
import type { OutboxEntry, OutboxKind, OutboxRepository } from '../types.ts';
import { changed, rows, type Queryable } from './query.ts';

const PENDING = 'delivered_at IS NULL AND failed IS NULL';
const FAILED = 'delivered_at IS NULL AND failed IS NOT NULL';

interface DueRow {
  id: number;
  kind: OutboxKind;
  ref: string;
  webform_id: string | null;
  payload: string | null;
  attempts: number;
}

/** `submission:4` → ['submission', '4']; the application numbers have no colon. */
function splitRef(ref: string): [string, string] {
  const at = ref.indexOf(':');
  return at < 0 ? [ref, ''] : [ref.slice(0, at), ref.slice(at + 1)];
}

async function listUndelivered(db: Queryable): Promise<OutboxEntry[]> {
  const found = await rows<{
    kind: string;
    ref: string;
    what: string;
    created_at: string;
    attempts: number;
    next_attempt_at: number;
    failed: string | null;
    last_error: string | null;
  }>(
    db,
    `SELECT o.kind, o.ref, COALESCE(s.kind, o.kind) AS what, o.created_at, o.attempts, o.next_attempt_at, o.failed, o.last_error
     FROM outbox o LEFT JOIN submissions s ON o.kind = 'submission' AND s.id::TEXT = o.ref
     WHERE o.delivered_at IS NULL ORDER BY o.id`,
  );
  return found.map((r) => ({
    ref: `${r.kind}:${r.ref}`,
    kind: r.what,
    createdAt: r.created_at,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    failed: r.failed,
    lastError: r.last_error,
  }));
}

async function claimNext(db: Queryable, kind: OutboxKind, now: number, claim: { by: string; until: number }) {
  const [row] = await rows<DueRow>(
    db,
    `UPDATE outbox SET claimed_by = $1, claimed_until = $2 WHERE id = (
       SELECT id FROM outbox WHERE kind = $3 AND ${PENDING} AND next_attempt_at <= $4 AND claimed_until <= $4
       ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, ref, webform_id, payload, attempts`,
    [claim.by, claim.until, kind, now],
  );
  return row;
}

async function nextDue(db: Queryable, kind: OutboxKind, now: number, claim: { by: string; until: number }) {
  const row = await claimNext(db, kind, now, claim);
  if (!row) {
    const [due] = await rows<{ at: number | null }>(
      db,
      `SELECT MIN(GREATEST(next_attempt_at, claimed_until)) AS at FROM outbox WHERE kind = $1 AND ${PENDING}`,
      [kind],
    );
    return due?.at === null || due?.at === undefined ? undefined : { waitUntil: due.at };
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

export function pgOutbox(db: Queryable): OutboxRepository {
  const changedOne = async (sql: string, ref: string) => (await changed(db, sql, splitRef(ref))) === 1;
  const count = async (where: string) =>
    (await rows<{ n: number }>(db, `SELECT COUNT(*)::INTEGER AS n FROM outbox WHERE ${where}`))[0]!.n;
  return {
    async add(item) {
      await db.query('INSERT INTO outbox (kind, ref, created_at, webform_id, payload) VALUES ($1, $2, $3, $4, $5)', [
        item.kind,
        item.ref,
        new Date().toISOString(),
        item.webformId ?? null,
        item.payload ? JSON.stringify(item.payload) : null,
      ]);
    },
    next: (kind, now, claim) => nextDue(db, kind, now, claim),
    async extend(id, by, until) {
      const n = await changed(
        db,
        `UPDATE outbox SET claimed_until = $1 WHERE id = $2 AND claimed_by = $3 AND ${PENDING}`,
        [until, id, by],
      );
      return n === 1;
    },
    async delivered(id, sid) {
      await db.query('UPDATE outbox SET sid = $1, delivered_at = $2, claimed_until = 0 WHERE id = $3', [
        sid,
        new Date().toISOString(),
        id,
      ]);
    },
    async retryLater(id, at, error) {
      await db.query(
        `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2, claimed_until = 0 WHERE id = $3 AND ${PENDING}`,
        [at, error, id],
      );
    },
    async failed(id, reason) {
      await db.query(
        `UPDATE outbox SET failed = $1, last_error = $1, attempts = attempts + 1, claimed_until = 0 WHERE id = $2 AND ${PENDING}`,
        [reason, id],
      );
    },
    async state(kind, ref) {
      const [row] = await rows<{
        attempts: number;
        sid: string | null;
        deliveredAt: string | null;
        failed: string | null;
      }>(db, 'SELECT attempts, sid, delivered_at AS "deliveredAt", failed FROM outbox WHERE kind = $1 AND ref = $2', [
        kind,
        ref,
      ]);
      return row;
    },
    counts: async () => ({ pending: await count(PENDING), failed: await count(FAILED) }),
    list: () => listUndelivered(db),
    retry: (ref) =>
      changedOne(
        `UPDATE outbox SET failed = NULL, attempts = 0, next_attempt_at = 0, claimed_until = 0 WHERE kind = $1 AND ref = $2 AND ${FAILED}`,
        ref,
      ),
    // The submission or application stays stored here; it is only no longer sent to the CMS.
    discard: (ref) => changedOne(`DELETE FROM outbox WHERE kind = $1 AND ref = $2 AND ${FAILED}`, ref),
  };
}
