// The `idempotency` table: the first answer given for an Idempotency-Key on a route. A claim is
// an insert in the transaction that does the work: the primary key (key, route) decides (on
// PostgreSQL an insert meeting another open transaction's claim waits for it to end; SQLite runs
// one transaction at a time).
import type { Db } from '../dialect.ts';
import type { IdempotencyRepository } from '../types.ts';

export function idempotency({ db }: Db): IdempotencyRepository {
  const insert = async (key: string, route: string, status: number, body: unknown, requestHash: string | null) => {
    const result = await db
      .insertInto('idempotency')
      .values({ key, route, status, body: JSON.stringify(body), request_hash: requestHash, created_at: Date.now() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  };
  const one = (key: string, route: string) => ({ key, route });
  return {
    async get(key, route) {
      const row = await db
        .selectFrom('idempotency')
        .select(['status', 'body', 'request_hash'])
        .where((eb) => eb.and(one(key, route)))
        .executeTakeFirst();
      return row
        ? { status: row.status, body: JSON.parse(row.body) as unknown, requestHash: row.request_hash ?? undefined }
        : undefined;
    },
    put: (key, route, answer) => insert(key, route, answer.status, answer.body, answer.requestHash ?? null),
    claim: (key, route, requestHash) => insert(key, route, 0, null, requestHash),
    async answer(key, route, answer) {
      await db
        .updateTable('idempotency')
        .set({ status: answer.status, body: JSON.stringify(answer.body) })
        .where((eb) => eb.and(one(key, route)))
        .execute();
    },
    async forgetBefore(before) {
      const result = await db.deleteFrom('idempotency').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async forget(key, route) {
      await db
        .deleteFrom('idempotency')
        .where((eb) => eb.and(one(key, route)))
        .execute();
    },
  };
}
