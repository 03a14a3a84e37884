// Which webhook deliveries are new: a delivery (its signature) is recorded in the idempotency
// table, so the same delivery repeated to another node (PostgreSQL) or to this one after a
// restart (either engine) is refused and publishes once.
import type { Storage } from '../storage/types.ts';

export function sharedDeliveries(storage: Storage): (signature: string) => Promise<boolean> {
  return (signature) => storage.idempotency.put(signature, '/hooks/cms', { status: 202, body: {} });
}

/** One build at a time across the nodes sharing RELEASES_DIR (PostgreSQL); none needed on one node. */
export function sharedBuildLock(storage: Storage): (() => Promise<(() => Promise<void>) | undefined>) | undefined {
  if (storage.engine !== 'postgres') return undefined;
  return () => storage.tryLock('publish');
}
