// The repositories, one per table, on either engine: the storage's own, or a transaction's.
import type { Db } from '../dialect.ts';
import { applications } from '../registration/applications.ts';
import { uploads } from '../registration/uploads.ts';
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
    uploads: uploads(on),
    applications: applications(on),
    rateLimits: rateLimits(on),
  };
}
