// The outbox as a person sees it (`npm run outbox`, /api/health): what is waiting or failed, and a
// failed item put back in line or discarded.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../dialect.ts';
import type { Tables } from '../schema.ts';
import type { OutboxEntry, OutboxKind, OutboxRepository } from '../types.ts';

type Outbox = ExpressionBuilder<Tables, 'outbox'>;
export const pending = (eb: Outbox) => eb.and([eb('delivered_at', 'is', null), eb('failed', 'is', null)]);
const failed = (eb: Outbox) => eb.and([eb('delivered_at', 'is', null), eb('failed', 'is not', null)]);

/** `submission:4` → { kind: 'submission', ref: '4' }; the application numbers have no colon. */
function splitRef(ref: string) {
  const at = ref.indexOf(':');
  return at < 0
    ? { kind: ref as OutboxKind, ref: '' }
    : { kind: ref.slice(0, at) as OutboxKind, ref: ref.slice(at + 1) };
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

export function outboxCommands(on: Db): Pick<OutboxRepository, 'counts' | 'list' | 'retry' | 'discard'> {
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
