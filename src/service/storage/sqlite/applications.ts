// The `applications` table: housing benefit applications, the SIN and dates of birth sealed in `data`.
import type { DatabaseSync } from 'node:sqlite';
import type { ApplicationRecord, ApplicationsRepository, Synchronous } from '../types.ts';

export function sqliteApplications(db: DatabaseSync): Synchronous<ApplicationsRepository> {
  return {
    add(application) {
      const result = db
        .prepare('INSERT INTO applications (number, lang, created_at, data) VALUES (?, ?, ?, ?)')
        .run(application.number, application.lang, new Date().toISOString(), application.data);
      return Number(result.lastInsertRowid);
    },
    get(number) {
      const row = db
        .prepare('SELECT id, number, lang, created_at AS createdAt, data FROM applications WHERE number = ?')
        .get(number);
      return row ? ({ ...row } as unknown as ApplicationRecord) : undefined;
    },
    numberTaken(number) {
      return db.prepare('SELECT 1 AS x FROM applications WHERE number = ?').get(number) !== undefined;
    },
  };
}
