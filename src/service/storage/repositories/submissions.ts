// The `submissions` table: feedback and correction requests as submitted (JSON).
import type { Db } from '../dialect.ts';
import type { SubmissionsRepository } from '../types.ts';

export function submissions({ db }: Db): SubmissionsRepository {
  return {
    async add(kind, data) {
      const row = await db
        .insertInto('submissions')
        .values({ kind, created_at: new Date().toISOString(), data: JSON.stringify(data) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async count(kind) {
      const row = await db
        .selectFrom('submissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async list(kind) {
      const rows = await db
        .selectFrom('submissions')
        .select(['id', 'data'])
        .where('kind', '=', kind)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, data: JSON.parse(r.data) as unknown }));
    },
  };
}
