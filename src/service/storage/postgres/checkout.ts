// Every connection taken out of the pool (a transaction, a held lock) is taken here. pg's pool
// listens for errors on idle connections only: a connection in use that PostgreSQL ends (a
// restart, a cut network) emits 'error' with no listener, and Node ends the process. Here it has
// one from the moment it is taken until it is given back, and its loss is a signal the holder can
// act on (a lock held on it is gone). Its statements' failures come out as StorageUnavailable.
import type pg from 'pg';
import { asUnavailable } from '../unavailable.ts';

/** What statements run on: the pool, or one connection of it. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface CheckedOut {
  /** The connection's statements; a lost connection rejects them with StorageUnavailable. */
  db: Queryable;
  /** Aborted when the connection is lost while held. */
  lost: AbortSignal;
  /** Gives it back to the pool; `broken`: closed instead (its session state is unknown). */
  release(broken?: boolean): void;
}

/** Statements on `db` whose lost connections reject as StorageUnavailable. */
export function guarded(db: Queryable): Queryable {
  const query = (...args: unknown[]) =>
    (db.query as (...a: unknown[]) => Promise<unknown>).apply(db, args).catch((error: unknown) => {
      throw asUnavailable(error);
    });
  return { query: query as unknown as Queryable['query'] };
}

export async function checkout(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect().catch((error: unknown) => {
    throw asUnavailable(error);
  });
  const lost = new AbortController();
  const onError = (error: Error) => lost.abort(error);
  client.on('error', onError);
  let released = false;
  return {
    db: guarded(client),
    lost: lost.signal,
    release(broken = false) {
      if (released) return;
      released = true;
      client.removeListener('error', onError);
      client.release(broken || lost.signal.aborted);
    },
  };
}
