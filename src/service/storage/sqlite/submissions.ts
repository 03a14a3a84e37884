// The `submissions` table: feedback and correction requests as submitted (JSON).
import type { DatabaseSync } from 'node:sqlite';
import type { SubmissionsRepository, Synchronous } from '../types.ts';

export function sqliteSubmissions(db: DatabaseSync): Synchronous<SubmissionsRepository> {
  return {
    add(kind, data) {
      const result = db
        .prepare('INSERT INTO submissions (kind, created_at, data) VALUES (?, ?, ?)')
        .run(kind, new Date().toISOString(), JSON.stringify(data));
      return Number(result.lastInsertRowid);
    },
    count(kind) {
      return Number((db.prepare('SELECT COUNT(*) AS n FROM submissions WHERE kind = ?').get(kind) as { n: number }).n);
    },
    list(kind) {
      const rows = db.prepare('SELECT id, data FROM submissions WHERE kind = ? ORDER BY id').all(kind) as Array<{
        id: number;
        data: string;
      }>;
      return rows.map((r) => ({ id: r.id, data: JSON.parse(r.data) as unknown }));
    },
  };
}
