// Request size limits, checked before a body is read: a declared Content-Length over the limit is
// answered at once, a body without one is counted while it streams (Hono's bodyLimit). The 413
// closes the connection, so Node does not go on draining a body nobody will read.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiError } from './api-errors.ts';

const tooLarge = (c: Context) => apiError(c, 413, 'payload_too_large', { headers: { connection: 'close' } });

export const limitBody = (maxSize: number): MiddlewareHandler => bodyLimit({ maxSize, onError: tooLarge });

/** Node's own clocks for slow clients (slowloris, a declared body that never comes). */
export interface Timeouts {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
}
export const DEFAULT_TIMEOUTS: Timeouts = { requestTimeoutMs: 60_000, headersTimeoutMs: 15_000 };
