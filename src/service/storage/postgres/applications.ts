// The `applications` table (PostgreSQL): housing benefit applications, the SIN and dates of birth sealed in `data`.
import type { ApplicationRecord, ApplicationsRepository } from '../types.ts';
import { rows, type Queryable } from './query.ts';

export function pgApplications(db: Queryable): ApplicationsRepository {
  return {
    async add(application) {
      const [row] = await rows<{ id: number }>(
        db,
        'INSERT INTO applications (number, lang, created_at, data) VALUES ($1, $2, $3, $4) RETURNING id',
        [application.number, application.lang, new Date().toISOString(), application.data],
      );
      return row!.id;
    },
    async get(number) {
      const [row] = await rows<ApplicationRecord>(
        db,
        'SELECT id, number, lang, created_at AS "createdAt", data FROM applications WHERE number = $1',
        [number],
      );
      return row ? { ...row } : undefined;
    },
    async numberTaken(number) {
      return (await rows(db, 'SELECT 1 FROM applications WHERE number = $1', [number])).length > 0;
    },
  };
}
