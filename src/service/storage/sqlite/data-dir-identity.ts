// The `data_dir_identity` row (SQLite): recorded once; the database lives in that folder.
import type { DatabaseSync } from 'node:sqlite';
import type { DataDirIdentity } from '../types.ts';

export function sqliteClaimDataDir(db: DatabaseSync, folder: DataDirIdentity): DataDirIdentity {
  db.prepare(
    `INSERT INTO data_dir_identity (singleton, id, path, recorded_at) VALUES (1, ?, ?, ?)
     ON CONFLICT (singleton) DO NOTHING`,
  ).run(folder.id, folder.path, new Date().toISOString());
  const row = db.prepare('SELECT id, path FROM data_dir_identity WHERE singleton = 1').get() as unknown;
  return row as DataDirIdentity;
}
