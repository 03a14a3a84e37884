// The `idempotency` table (PostgreSQL): the first answer given for an Idempotency-Key on a route.
import type { IdempotencyRepository } from '../types.ts';
import { changed, rows, type Queryable } from './query.ts';

export function pgIdempotency(db: Queryable): IdempotencyRepository {
  return {
    async get(key, route) {
      const [row] = await rows<{ status: number; body: string; request_hash: string | null }>(
        db,
        'SELECT status, body, request_hash FROM idempotency WHERE key = $1 AND route = $2',
        [key, route],
      );
      return row
        ? { status: row.status, body: JSON.parse(row.body) as unknown, requestHash: row.request_hash ?? undefined }
        : undefined;
    },
    async put(key, route, answer) {
      const stored = await changed(
        db,
        'INSERT INTO idempotency (key, route, status, body, request_hash) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [key, route, answer.status, JSON.stringify(answer.body), answer.requestHash ?? null],
      );
      return stored === 1;
    },
  };
}
