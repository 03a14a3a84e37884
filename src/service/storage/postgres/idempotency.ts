// The `idempotency` table (PostgreSQL): the first answer given for an Idempotency-Key on a route.
// A claim is an insert in the transaction that does the work: the primary key (key, route)
// decides, and an insert meeting another open transaction's claim waits for it to end.
import type { IdempotencyRepository } from '../types.ts';
import { changed, rows, type Queryable } from './query.ts';

export function pgIdempotency(db: Queryable): IdempotencyRepository {
  const insert = (key: string, route: string, status: number, body: unknown, requestHash: string | null) =>
    changed(
      db,
      `INSERT INTO idempotency (key, route, status, body, request_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [key, route, status, JSON.stringify(body), requestHash, Date.now()],
    );
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
      return (await insert(key, route, answer.status, answer.body, answer.requestHash ?? null)) === 1;
    },
    async claim(key, route, requestHash) {
      return (await insert(key, route, 0, null, requestHash)) === 1;
    },
    async answer(key, route, answer) {
      await db.query('UPDATE idempotency SET status = $1, body = $2 WHERE key = $3 AND route = $4', [
        answer.status,
        JSON.stringify(answer.body),
        key,
        route,
      ]);
    },
    forgetBefore: (before) => changed(db, 'DELETE FROM idempotency WHERE created_at < $1', [before]),
    async forget(key, route) {
      await db.query('DELETE FROM idempotency WHERE key = $1 AND route = $2', [key, route]);
    },
  };
}
