// The storage the service runs on: PostgreSQL when DATABASE_URL is set (several intake nodes on
// one database), else SQLite in DATA_DIR (one node, nothing to install). Every opener of the
// service's database gives the features' migrations (src/service/intake-storage.ts does).
import type { MigrationFolders } from './migration-plan.ts';
import type { PostgresOptions } from './postgres.ts';
import { openSqlite } from './sqlite.ts';
import type { Storage } from './types.ts';

export async function openStorage(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  database?: PostgresOptions | undefined;
  /** The service itself (not `npm run outbox` or a backup beside it). */
  owner?: boolean;
  /** The features' own migrations (src/service/intake-storage.ts). */
  migrations: readonly MigrationFolders[];
}): Promise<Storage> {
  const { migrations } = options;
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl, { ...options.database, migrations });
  }
  return openSqlite(options.dataDir, { owner: options.owner ?? false, migrations });
}
