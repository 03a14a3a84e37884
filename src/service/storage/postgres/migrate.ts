// Applies the numbered migrations (migration-plan.ts: the platform's postgres/migrations/ and the
// features' own, the same numbers as SQLite's in PostgreSQL's words), each in its own transaction,
// recorded in `migrations`. Nodes starting together take turns (an advisory lock): each migration
// runs once.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { migrationName, migrationPlan, pendingMigrations, type MigrationFolders } from '../migration-plan.ts';
import { checkout } from './checkout.ts';

const LOCK = "hashtextextended('intake:migrations', 0)";
/** A migration (or waiting for another node's) may take longer than a request's statement. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;

export async function migratePostgres(pool: pg.Pool, owners: readonly MigrationFolders[] = []) {
  const connection = await checkout(pool);
  const client = {
    query: (text: string, values?: unknown[]) =>
      connection.db.query({ text, values, query_timeout: MIGRATION_TIMEOUT_MS } as pg.QueryConfig),
  };
  try {
    await client.query(`SET statement_timeout = ${MIGRATION_TIMEOUT_MS}`);
    await client.query(`SELECT pg_advisory_lock(${LOCK})`);
    await client.query('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
    const { rows } = (await client.query('SELECT version FROM migrations')) as { rows: Array<{ version: number }> };
    const applied = new Set(rows.map((r) => r.version));
    for (const migration of pendingMigrations(migrationPlan('postgres', owners), applied)) {
      await client.query('BEGIN');
      try {
        for (const part of migration.parts) await client.query(readFileSync(part.path, 'utf8'));
        await client.query('INSERT INTO migrations (version, applied_at) VALUES ($1, $2)', [
          migration.version,
          new Date().toISOString(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`storage migration ${migrationName(migration)} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  } finally {
    await client.query('RESET statement_timeout').catch(() => undefined);
    await client.query(`SELECT pg_advisory_unlock(${LOCK})`).catch(() => undefined);
    connection.release();
  }
}
