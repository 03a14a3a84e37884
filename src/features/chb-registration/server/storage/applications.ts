// The `applications` table: housing benefit applications, the SIN and dates of birth sealed in `data`.
import type { Db } from '../../../../service/platform/storage.ts';
import type { RegistrationTables } from './tables.ts';
import type { ApplicationRecord, ApplicationsRepository } from './types.ts';

export function applications(on: Db): ApplicationsRepository {
  const db = on.db.withTables<RegistrationTables>();
  return {
    async add({ number, lang, data }) {
      // Named one by one: the caller's object may carry more than the table's columns.
      const row = await db
        .insertInto('applications')
        .values({ number, lang, data, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async get(number): Promise<ApplicationRecord | undefined> {
      const row = await db
        .selectFrom('applications')
        .select(['id', 'number', 'lang', 'created_at as createdAt', 'data'])
        .where('number', '=', number)
        .executeTakeFirst();
      return row ? { ...row } : undefined;
    },
    async numberTaken(number) {
      const row = await db.selectFrom('applications').select('id').where('number', '=', number).executeTakeFirst();
      return row !== undefined;
    },
  };
}
