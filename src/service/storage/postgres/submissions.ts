// The `submissions` table (PostgreSQL): feedback and correction requests as submitted (JSON).
import type { SubmissionsRepository } from '../types.ts';
import { rows, type Queryable } from './query.ts';

export function pgSubmissions(db: Queryable): SubmissionsRepository {
  return {
    async add(kind, data) {
      const [row] = await rows<{ id: number }>(
        db,
        'INSERT INTO submissions (kind, created_at, data) VALUES ($1, $2, $3) RETURNING id',
        [kind, new Date().toISOString(), JSON.stringify(data)],
      );
      return row!.id;
    },
    async count(kind) {
      const [row] = await rows<{ n: number }>(db, 'SELECT COUNT(*)::INTEGER AS n FROM submissions WHERE kind = $1', [
        kind,
      ]);
      return row!.n;
    },
    async list(kind) {
      const found = await rows<{ id: number; data: string }>(
        db,
        'SELECT id, data FROM submissions WHERE kind = $1 ORDER BY id',
        [kind],
      );
      return found.map((r) => ({ id: r.id, data: JSON.parse(r.data) as unknown }));
    },
  };
}
