// Where the two engines' SQL differs, said once: the repositories (the platform's repositories/,
// a feature's own) are one set of queries for both, and take what differs from here.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Tables } from './schema.ts';

export interface EngineSql {
  name: 'sqlite' | 'postgres';
  /** The database's clock now, in ms, one value within a statement (every PostgreSQL node shares it; SQLite's is the node's). */
  clockMs: RawBuilder<number>;
  /** The order a table's rows were inserted in (SQLite's rowid; PostgreSQL: the table's own `seq` column). */
  insertOrder: RawBuilder<unknown>;
  /** PostgreSQL: a search for a row to claim skips the rows another transaction is claiming. */
  skipLocked: boolean;
}

export const sqliteSql: EngineSql = {
  name: 'sqlite',
  clockMs: sql<number>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`,
  insertOrder: sql`rowid`,
  // One write at a time on SQLite: the search and the claim are one statement, never interleaved.
  skipLocked: false,
};

export const postgresSql: EngineSql = {
  name: 'postgres',
  // statement_timestamp: the time this statement came (not the transaction's start), one value
  // however often the statement reads it.
  clockMs: sql<number>`(EXTRACT(EPOCH FROM statement_timestamp()) * 1000)::BIGINT`,
  insertOrder: sql`seq`,
  skipLocked: true,
};

/** What a repository runs its statements on: the storage's, or one transaction's. */
export interface Db {
  db: Kysely<Tables>;
  engine: EngineSql;
}
