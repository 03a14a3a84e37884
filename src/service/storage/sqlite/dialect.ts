// The query builder's SQLite dialect on Node's built-in node:sqlite: Kysely's SqliteDialect takes
// a better-sqlite3-like database, which DatabaseSync is but for the `reader` flag (whether a
// statement returns rows: its result columns say) and the parameters passed spread.
import type { SQLInputValue, DatabaseSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase } from 'kysely';

function asSqliteDatabase(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare(sql) {
      const statement = db.prepare(sql);
      const values = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)),
      };
    },
  };
}

/** Kysely on `db`; one connection, so its calls take turns (a transaction holds it until it ends). */
export const nodeSqliteDialect = (db: DatabaseSync) => new SqliteDialect({ database: asSqliteDatabase(db) });
