// The `idempotency` table: the first answer given for an Idempotency-Key on a route. A claim is
// an insert in the transaction that does the work (SQLite runs one transaction at a time: the
// primary key (key, route) decides).
import type { DatabaseSync } from 'node:sqlite';
import type { IdempotencyRepository, Synchronous } from '../types.ts';

export function sqliteIdempotency(db: DatabaseSync): Synchronous<IdempotencyRepository> {
  const insert = (key: string, route: string, status: number, body: unknown, requestHash: string | null) =>
    Number(
      db
        .prepare(
          'INSERT OR IGNORE INTO idempotency (key, route, status, body, request_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(key, route, status, JSON.stringify(body), requestHash, Date.now()).changes,
    );
  return {
    get(key, route) {
      const row = db
        .prepare('SELECT status, body, request_hash FROM idempotency WHERE key = ? AND route = ?')
        .get(key, route) as { status: number; body: string; request_hash: string | null } | undefined;
      return row
        ? { status: row.status, body: JSON.parse(row.body) as unknown, requestHash: row.request_hash ?? undefined }
        : undefined;
    },
    put: (key, route, answer) => insert(key, route, answer.status, answer.body, answer.requestHash ?? null) === 1,
    claim: (key, route, requestHash) => insert(key, route, 0, null, requestHash) === 1,
    answer(key, route, answer) {
      db.prepare('UPDATE idempotency SET status = ?, body = ? WHERE key = ? AND route = ?').run(
        answer.status,
        JSON.stringify(answer.body),
        key,
        route,
      );
    },
    forgetBefore: (before) => Number(db.prepare('DELETE FROM idempotency WHERE created_at < ?').run(before).changes),
    forget(key, route) {
      db.prepare('DELETE FROM idempotency WHERE key = ? AND route = ?').run(key, route);
    },
  };
}
