// What the PostgreSQL repositories run their statements on: the pool, or a transaction's client.
import type pg from 'pg';

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** The rows of a statement, typed by the caller. */
export async function rows<T>(db: Queryable, text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(text, values)).rows as T[];
}

/** The number of rows a statement changed. */
export async function changed(db: Queryable, text: string, values: unknown[] = []): Promise<number> {
  return (await db.query(text, values)).rowCount ?? 0;
}
