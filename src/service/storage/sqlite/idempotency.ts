// The `idempotency` table: the first answer given for an Idempotency-Key on a route.
import type { DatabaseSync } from 'node:sqlite';
import type { IdempotencyRepository, Synchronous } from '../types.ts';

export function sqliteIdempotency(db: DatabaseSync): Synchronous<IdempotencyRepository> {
  return {
    get(key, route) {
      const row = db
        .prepare('SELECT status, body, request_hash FROM idempotency WHERE key = ? AND route = ?')
        .get(key, route) as { status: number; body: string; request_hash: string | null } | undefined;
      return row
        ? { status: row.status, body: JSON.parse(row.body) as unknown, requestHash: row.request_hash ?? undefined }
        : undefined;
    },
    put(key, route, answer) {
      const result = db
        .prepare('INSERT OR IGNORE INTO idempotency (key, route, status, body, request_hash) VALUES (?, ?, ?, ?, ?)')
        .run(key, route, answer.status, JSON.stringify(answer.body), answer.requestHash ?? null);
      return Number(result.changes) === 1;
    },
  };
}
