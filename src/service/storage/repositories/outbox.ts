// The `outbox` table: what is still to be sent to the CMS, one item per submission or application
// (`kind`, `ref`), each on its own schedule. Delivered items stay, marked, so a copy is never sent
// again after a restart. A node claims the item due first in one statement (on PostgreSQL its
// search skips rows another node is claiming at that moment); the claim is a lease
// (claimed_until) that the sender extends while it works and that ends by itself when the node
// dies, so another node takes the item up then.
import { sql } from 'kysely';
import type { Db } from '../dialect.ts';
import type { OutboxKind, OutboxRepository } from '../types.ts';
import { outboxCommands, pending } from './outbox-commands.ts';

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
    ...outboxCommands(on),
  };
}
