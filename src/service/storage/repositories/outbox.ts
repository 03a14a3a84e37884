// The `outbox` table: what is still to be sent to the CMS, one item per submission or application
// (`kind`, `ref`), each on its own schedule. Delivered items stay, marked, so a copy is never sent
// again after a restart. A node claims the item due first in one statement (on PostgreSQL its
// search skips rows another node is claiming at that moment); the claim is a lease
// (claimed_until) that the sender extends while it works and that ends by itself when the node
// dies, so another node takes the item up then.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../dialect.ts';
import type { Tables } from '../schema.ts';
import type { OutboxEntry, OutboxKind, OutboxRepository } from '../types.ts';

type Outbox = ExpressionBuilder<Tables, 'outbox'>;
const pending = (eb: Outbox) => eb.and([eb('delivered_at', 'is', null), eb('failed', 'is', null)]);
const failed = (eb: Outbox) => eb.and([eb('delivered_at', 'is', null), eb('failed', 'is not', null)]);

/** `submission:4` → { kind: 'submission', ref: '4' }; the application numbers have no colon. */
function splitRef(ref: string) {
  const at = ref.indexOf(':');
  return at < 0 ? { kind: ref as OutboxKind, ref: '' } : { kind: ref.slice(0, at) as OutboxKind, ref: ref.slice(at + 1) };
}

/** Undelivered items, oldest first. What was submitted (feedback, correction) is the submission's kind. */
async function listUndelivered({ db }: Db): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom('outbox as o')
    .leftJoin('submissions as s', (join) =>
      join.on('o.kind', '=', 'submission').on(sql`CAST(s.id AS TEXT)`, '=', sql.ref('o.ref')),
    )
    .select((eb) => [
      'o.kind',
      'o.ref',
      eb.fn.coalesce('s.kind', 'o.kind').as('what'),
      'o.created_at',
      'o.attempts',
      'o.next_attempt_at',
      'o.failed',
      'o.last_error',
    ])
    .where('o.delivered_at', 'is', null)
    .orderBy('o.id')
    .execute();
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

async function nextDue({ db, engine }: Db, kind: OutboxKind, now: number, claim: { by: string; until: number }) {
  // The earliest due item, not the oldest: one failing item never holds up the others. One
  // statement: the search and the claim are one write, so two nodes never take the same.
  const row = await db
    .updateTable('outbox')
    .set({ claimed_by: claim.by, claimed_until: claim.until })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', kind)
        .where(pending)
        .where('next_attempt_at', '<=', now)
        .where('claimed_until', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .$if(engine.skipLocked, (qb) => qb.forUpdate().skipLocked()),
    )
    .returning(['id', 'kind', 'ref', 'webform_id', 'payload', 'attempts'])
    .executeTakeFirst();
  if (!row) {
    const due = await db
      .selectFrom('outbox')
      .select(
        sql<
          number | null
        >`MIN(CASE WHEN next_attempt_at > claimed_until THEN next_attempt_at ELSE claimed_until END)`.as('at'),
      )
      .where('kind', '=', kind)
      .where(pending)
      .executeTakeFirst();
    return due?.at === null || due?.at === undefined ? undefined : { waitUntil: Number(due.at) };
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

export function outbox(on: Db): OutboxRepository {
  const { db } = on;
  const count = async (which: typeof pending) => {
    const row = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(which)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    async add(item) {
      await db
        .insertInto('outbox')
        .values({
          kind: item.kind,
          ref: item.ref,
          created_at: new Date().toISOString(),
          webform_id: item.webformId ?? null,
          payload: item.payload ? JSON.stringify(item.payload) : null,
        })
        .execute();
    },
    next: (kind, now, claim) => nextDue(on, kind, now, claim),
    async extend(id, by, until) {
      const result = await db
        .updateTable('outbox')
        .set({ claimed_until: until })
        .where('id', '=', id)
        .where('claimed_by', '=', by)
        .where(pending)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async delivered(id, sid) {
      await db
        .updateTable('outbox')
        .set({ sid, delivered_at: new Date().toISOString(), claimed_until: 0 })
        .where('id', '=', id)
        .execute();
    },
    async retryLater(id, at, error) {
      await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: at, last_error: error, claimed_until: 0 }))
        .where('id', '=', id)
        .where(pending)
        .execute();
    },
    async failed(id, reason) {
      await db
        .updateTable('outbox')
        .set((eb) => ({ failed: reason, last_error: reason, attempts: eb('attempts', '+', 1), claimed_until: 0 }))
        .where('id', '=', id)
        .where(pending)
        .execute();
    },
    async state(kind, ref) {
      const row = await db
        .selectFrom('outbox')
        .select(['attempts', 'sid', 'delivered_at as deliveredAt', 'failed'])
        .where('kind', '=', kind)
        .where('ref', '=', ref)
        .executeTakeFirst();
      return row ? { ...row } : undefined;
    },
    counts: async () => ({ pending: await count(pending), failed: await count(failed) }),
    list: () => listUndelivered(on),
    // The outbox commands (retry, discard) act on one failed row; anything else means the reference was wrong.
    async retry(ref) {
      const result = await db
        .updateTable('outbox')
        .set({ failed: null, attempts: 0, next_attempt_at: 0, claimed_until: 0 })
        .where((eb) => eb.and(splitRef(ref)))
        .where(failed)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async discard(ref) {
      // The submission or application stays stored here; it is only no longer sent to the CMS.
      const result = await db
        .deleteFrom('outbox')
        .where((eb) => eb.and(splitRef(ref)))
        .where(failed)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
