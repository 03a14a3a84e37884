// The query builder's PostgreSQL dialect on the pool, every connection taken through checkout.ts:
// a lost connection rejects its statements as StorageUnavailable (never ends the process), and a
// connection whose statement was lost goes back to the pool closed (its session state is unknown).
import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { StorageUnavailable } from '../unavailable.ts';
import { checkout } from './checkout.ts';

function checkedOutPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const connection = await checkout(pool);
      let broken = false;
      const query = (text: string, values: readonly unknown[]) =>
        connection.db.query(text, [...values]).catch((error: unknown) => {
          if (error instanceof StorageUnavailable) broken = true;
          throw error;
        });
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: (discard?: boolean) => connection.release(broken || discard),
      };
    },
    end: () => pool.end(),
    options: pool.options,
  };
}

export const postgresDialect = (pool: pg.Pool) => new PostgresDialect({ pool: checkedOutPool(pool) });
