// The id of a request, in every log line it causes and in its answer's X-Request-Id. An incoming
// X-Request-Id is kept only from a trusted proxy (TRUST_PROXY: nginx's `$request_id`, 32 hex
// digits; a UUID) and only when it has that strict shape: anything else (a newline, quotes, a
// JSON fragment, 8 KB) is never written to a log or echoed, a fresh id takes its place.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
const SHAPE = /^[A-Za-z0-9][A-Za-z0-9-]{15,63}$/;

const isRequestId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && SHAPE.test(value);

/** The proxy's id when the request came through a trusted proxy and the id is well-formed; else a new one. */
export function requestIdFor(incoming: string | null | undefined, fromTrustedProxy: boolean): string {
  return fromTrustedProxy && isRequestId(incoming) ? incoming : randomUUID();
}
