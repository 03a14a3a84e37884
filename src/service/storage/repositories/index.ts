// The platform's repositories, one per table, on either engine: the storage's own, or a
// transaction's; with the query builder they run on, for a feature's repositories.
import type { Db } from '../dialect.ts';
import type { Repositories } from '../types.ts';
import { idempotency } from './idempotency.ts';
import { outbox } from './outbox.ts';
import { rateLimits } from './rate-limits.ts';
import { submissions } from './submissions.ts';

export function repositories(on: Db): Repositories {
  return {
    submissions: submissions(on),
    idempotency: idempotency(on),
    outbox: outbox(on),
    rateLimits: rateLimits(on),
    query: on,
  };
}
