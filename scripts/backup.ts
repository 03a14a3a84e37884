// `npm run backup [-- <folder>]`: a backup of the intake's data (DATABASE_URL's PostgreSQL, or
// SQLite in DATA_DIR, and DATA_DIR's application files) into <folder>, by default
// backups/intake-<time>. Safe while the service runs.
// `npm run backup -- restore <folder>`: puts it back (stop the service first). docs/deployment.md.
import path from 'node:path';
import { databaseSchema, optionsFrom } from '../src/config/service-options.ts';
import { ConfigError } from '../src/config/settings.ts';
import { featureDataFolders } from '../src/service/intake-storage.ts';
import { backupIntake, restoreIntake } from '../src/service/storage/backup.ts';

const root = path.resolve(import.meta.dirname, '..');
try {
  const where = { ...optionsFrom(databaseSchema(root)), folders: featureDataFolders };
  const [first, second] = process.argv.slice(2);
  if (first === 'restore') {
    if (!second) throw new ConfigError('Usage: npm run backup -- restore <folder>');
    await restoreIntake(where, path.resolve(second));
    console.log(`Restored ${path.resolve(second)} into ${where.databaseUrl ? 'PostgreSQL' : where.dataDir}`);
  } else {
    const stamp = new Date().toISOString().replaceAll(/[:.]/g, '-');
    const target = path.resolve(first ?? path.join(root, 'backups', `intake-${stamp}`));
    const what = await backupIntake(where, target);
    console.log(`Backup in ${target} (${what} and the application files)`);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
