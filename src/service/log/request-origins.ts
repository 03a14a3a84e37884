// Which request an outbox item came from, so that its forwarding (later, outside the request)
// logs under that request's id: the route remembers `<kind>:<ref>` with the current request id
// (memory only, never stored: after a restart an item is forwarded without one), and the
// forwarder runs each attempt in it. Bounded: the oldest are forgotten first.
import { currentRequestId, inRequest } from './request-context.ts';

const LIMIT = 10_000;
const origins = new Map<string, string>();

/** The current request produced the outbox item `<kind>:<ref>`. */
export function rememberOrigin(kind: string, ref: string): void {
  const id = currentRequestId();
  if (!id) return;
  origins.set(`${kind}:${ref}`, id);
  if (origins.size > LIMIT) origins.delete(origins.keys().next().value!);
}

/** The id of the request that produced the item, if this process still knows it. */
const originOf = (kind: string, ref: string): string | undefined => origins.get(`${kind}:${ref}`);

/**
 * A forwarder's send, each attempt run (and logged) under the request id its item came from;
 * `label` is what the outbox runner's own lines call the item ("submission 4").
 */
export function traced<T extends { id: number; kind: string; ref: string; attempts: number }, R>(
  send: (item: T) => Promise<R>,
  log: (msg: string) => void,
): (item: T) => Promise<R> {
  return (item) =>
    inRequest(originOf(item.kind, item.ref), async () => {
      log(`forwarding ${item.kind} ${item.id} (attempt ${item.attempts + 1})`);
      const result = await send(item);
      log(`forwarded ${item.kind} ${item.id}`);
      origins.delete(`${item.kind}:${item.ref}`);
      return result;
    });
}
