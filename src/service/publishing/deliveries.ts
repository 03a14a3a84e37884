// Which webhook deliveries are new: a delivery (its signature) is recorded in the idempotency
// table, so the same delivery repeated to another node (PostgreSQL) or to this one after a
// restart (either engine) is refused and publishes once. A delivery the publisher could not take
// (it was down) is forgotten again, so that the CMS's retry of it is accepted.
import type { Storage } from '../storage/types.ts';

const ROUTE = '/hooks/cms';

export function sharedDeliveries(storage: Storage): (signature: string) => Promise<boolean> {
  return (signature) => storage.idempotency.put(signature, ROUTE, { status: 202, body: {} });
}

/** Forgets a recorded delivery (sharedDeliveries): its retry is a first delivery again. */
export function forgetSharedDelivery(storage: Storage): (signature: string) => Promise<void> {
  return (signature) => storage.idempotency.forget(signature, ROUTE);
}

/** One build at a time across the nodes sharing RELEASES_DIR (PostgreSQL); none needed on one node. */
export function sharedBuildLock(storage: Storage): (() => Promise<(() => Promise<void>) | undefined>) | undefined {
  if (storage.engine !== 'postgres') return undefined;
  return () => storage.tryLock('publish');
}
