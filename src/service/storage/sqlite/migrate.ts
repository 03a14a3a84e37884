// Applies the numbered migrations (migration-plan.ts: the platform's sqlite/migrations/ and the
// features' own) in order, each in its own transaction, and records each in the `migrations`
// table: a database made by any earlier version gets only the ones it lacks.
import { readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { migrationName, migrationPlan, pendingMigrations, type MigrationFolders } from '../migration-plan.ts';

export function migrate(db: DatabaseSync, owners: readonly MigrationFolders[] = []) {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    (db.prepare('SELECT version FROM migrations').all() as Array<{ version: number }>).map((r) => r.version),
  );
  for (const migration of pendingMigrations(migrationPlan('sqlite', owners), applied)) {
    db.exec('BEGIN');
    try {
      for (const part of migration.parts) db.exec(readFileSync(part.path, 'utf8'));
      db.prepare('INSERT INTO migrations (version, applied_at) VALUES (?, ?)').run(
        migration.version,
        new Date().toISOString(),
      );
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw new Error(`storage migration ${migrationName(migration)} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}
