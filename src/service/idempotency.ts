// Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field"): a retry with the same key
// and the same body gets the first answer; the same key with another body is a client error
// (422), never silently answered with another request's result.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Repositories, Storage } from './storage/types.ts';
import { apiError } from './api-errors.ts';

export const requestHash = (values: unknown) => createHash('sha256').update(JSON.stringify(values)).digest('hex');

/** The stored answer to replay, a 422 for a reused key, or undefined to go on. */
export async function replayIdempotent(
  c: Context,
  storage: Storage,
  key: string | undefined,
  route: string,
  hash: string,
): Promise<Response | undefined> {
  if (!key) return undefined;
  const previous = await storage.idempotency.get(key, route);
  if (!previous) return undefined;
  if (previous.requestHash && previous.requestHash !== hash) {
    return apiError(c, 422, 'idempotency_key_reused');
  }
  return c.json(previous.body as object, previous.status as 200);
}

/** Keeps the answer for an Idempotency-Key inside the transaction that stores what it answers. */
export type Remember = (tx: Repositories, body: unknown) => Promise<void>;

/** What keeps the answer (`status`) for `key` on `route`; undefined without a key. */
export function rememberAnswer(
  key: string | undefined,
  route: string,
  status: number,
  requestHash: string,
): Remember | undefined {
  if (!key) return undefined;
  return async (tx, body) => void (await tx.idempotency.put(key, route, { status, body, requestHash }));
}
