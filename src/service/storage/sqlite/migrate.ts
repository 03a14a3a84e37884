// Applies the numbered migrations of sqlite/migrations/ (NNN-what.sql) in order, each in its own
// transaction, and records each in the `migrations` table: a database made by any earlier version
// gets only the ones it lacks. A migration, once released, is never edited: a change is a new file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';

const folder = path.join(import.meta.dirname, 'migrations');
const NAME = /^(\d{3})-[a-z0-9-]+\.sql$/;

/** The migrations of `from` in order, numbered from 1 without gaps (a gap or a stray file is a mistake). */
export function migrationFiles(from = folder): Array<{ version: number; file: string }> {
  const files = readdirSync(from)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return files.map((file, i) => {
    const version = Number(NAME.exec(file)?.[1]);
    if (version !== i + 1)
      throw new Error(`storage migration ${file}: expected number ${String(i + 1).padStart(3, '0')}`);
    return { version, file };
  });
}

export function migrate(db: DatabaseSync) {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    (db.prepare('SELECT version FROM migrations').all() as Array<{ version: number }>).map((r) => r.version),
  );
  for (const { version, file } of migrationFiles()) {
    if (applied.has(version)) continue;
    db.exec('BEGIN');
    try {
      db.exec(readFileSync(path.join(folder, file), 'utf8'));
      db.prepare('INSERT INTO migrations (version, applied_at) VALUES (?, ?)').run(version, new Date().toISOString());
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw new Error(`storage migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
