// The numbered migrations of the intake database: the platform's (sqlite/migrations/,
// postgres/migrations/) and each feature's own (its tables), one sequence of numbers (NNN-what.sql)
// recorded in the `migrations` table. A number may have a part in several owners' folders (the
// platform's first, then the features' in their list's order): its parts run in one transaction,
// recorded once. A migration, once released, is never edited: a change is a new number.
import { readdirSync } from 'node:fs';
import path from 'node:path';

type EngineName = 'sqlite' | 'postgres';

/** An owner's migration folders, one per engine (the same numbers, each in its engine's words). */
export interface MigrationFolders {
  owner: string;
  sqlite: string;
  postgres: string;
}

const PLATFORM_MIGRATIONS: MigrationFolders = {
  owner: 'platform',
  sqlite: path.join(import.meta.dirname, 'sqlite', 'migrations'),
  postgres: path.join(import.meta.dirname, 'postgres', 'migrations'),
};

export interface Migration {
  version: number;
  /** Its parts in the order they run, each an owner's file. */
  parts: Array<{ owner: string; file: string; path: string }>;
}

const NAME = /^(\d{3})-[a-z0-9-]+\.sql$/;

/** One folder's migration files in order; a stray name or a number twice is a mistake. */
function folderFiles(folder: string): Array<{ version: number; file: string }> {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const seen = new Set<number>();
  return files.map((file) => {
    const match = NAME.exec(file);
    const version = Number(match?.[1]);
    if (!match || seen.has(version))
      throw new Error(`storage migration ${folder}/${file}: expected NNN-what.sql, each number once`);
    seen.add(version);
    return { version, file };
  });
}

/** The migrations of `engine` from the platform and the given owners, by number. */
export function migrationPlan(engine: EngineName, owners: readonly MigrationFolders[] = []): Migration[] {
  const byVersion = new Map<number, Migration>();
  for (const owner of [PLATFORM_MIGRATIONS, ...owners]) {
    for (const { version, file } of folderFiles(owner[engine])) {
      const migration = byVersion.get(version) ?? { version, parts: [] };
      migration.parts.push({ owner: owner.owner, file, path: path.join(owner[engine], file) });
      byVersion.set(version, migration);
    }
  }
  return [...byVersion.values()].sort((a, b) => a.version - b.version);
}

export const migrationName = (migration: Migration) =>
  migration.parts.map((part) => `${part.owner === 'platform' ? '' : `${part.owner}/`}${part.file}`).join(' + ');

/**
 * What a database that has `applied` still needs, in order. A number it lacks below one it has
 * means it was opened before without an owner's migrations: refused, never applied out of order.
 */
export function pendingMigrations(plan: Migration[], applied: ReadonlySet<number>): Migration[] {
  const highest = Math.max(0, ...applied);
  const pending = plan.filter((migration) => !applied.has(migration.version));
  const late = pending.find((migration) => migration.version < highest);
  if (late)
    throw new Error(
      `storage migration ${migrationName(late)} was never applied to this database, which has later ones: it was opened without its owner's migrations`,
    );
  return pending;
}
