// The request a line of log is written for: set by the request log (request-log.ts) around the
// whole handling of a request, and carried by Node's AsyncLocalStorage into everything the request
// does (uploads, storage, idempotency, the publisher's trigger), so none of them take it as a
// parameter. Work started later for an item (an outbox attempt) runs in the id it was given
// (request-origins.ts).
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** Runs `work` as part of the request `requestId` (none: outside any request). */
export function inRequest<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? context.run({ requestId }, work) : context.exit(work);
}
