// Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field"): a retry with the same key
// and the same body gets the first answer; the same key with another body is a client error
// (422), never silently answered with another request's result. The key is claimed in the
// transaction that stores what it answers (the table's primary key decides): of requests racing
// with one key, one stores, the others wait for it and replay its answer. A key is short and
// plain (else 400) and kept 24 hours.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Repositories, Storage } from './storage/types.ts';
import { apiError } from './api-errors.ts';

export const requestHash = (values: unknown) => createHash('sha256').update(JSON.stringify(values)).digest('hex');

/** How long an answer is replayed: a retry comes within minutes, a day covers a browser left open. */
const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;

/** A UUID fits, and so do the usual token alphabets (base64, base64url, hex); nothing else is kept. */
const KEY = /^[A-Za-z0-9._~:+/=-]{1,128}$/;

/** The request's Idempotency-Key (an sf-string's quotes taken off), none, or a 400 for a bad one. */
export function idempotencyKey(c: Context, lang?: 'en' | 'fr'): { key: string | undefined } | { refused: Response } {
  const header = c.req.header('idempotency-key');
  if (header === undefined) return { key: undefined };
  const key = /^".*"$/.test(header) ? header.slice(1, -1) : header;
  if (KEY.test(key)) return { key };
  return { refused: apiError(c, 400, 'idempotency_key_invalid', lang ? { lang } : {}) };
}

/** The stored answer to replay, a 422 for a reused key, or undefined to go on. */
export async function replayIdempotent(
  c: Context,
  storage: Pick<Storage, 'idempotency'>,
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

/** Another request holds the key: its answer is replayed once its transaction has ended. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
    this.name = 'IdempotencyKeyTaken';
  }
}

/** The key's part in the transaction that does the work: `claim` first, `remember` its answer last. */
export interface Remember {
  /** Throws IdempotencyKeyTaken when another request has the key. */
  claim(tx: Repositories): Promise<void>;
  remember(tx: Repositories, body: unknown): Promise<void>;
}

/** What claims `key` on `route` and keeps its answer (`status`); undefined without a key. */
export function rememberAnswer(
  key: string | undefined,
  route: string,
  status: number,
  requestHash: string,
): Remember | undefined {
  if (!key) return undefined;
  return {
    async claim(tx) {
      if (!(await tx.idempotency.claim(key, route, requestHash))) throw new IdempotencyKeyTaken();
    },
    remember: (tx, body) => tx.idempotency.answer(key, route, { status, body }),
  };
}

/** Forgets the keys older than a day at `now` (the service's periodic cleanup); how many. */
export function forgetOldIdempotencyKeys(storage: Pick<Storage, 'idempotency'>, now: number): Promise<number> {
  return storage.idempotency.forgetBefore(now - IDEMPOTENCY_KEY_TTL_MS);
}
