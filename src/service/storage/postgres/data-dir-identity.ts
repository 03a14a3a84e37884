// The `data_dir_identity` row (PostgreSQL): the first node to start records its DATA_DIR; the
// others read it (ON CONFLICT: two nodes starting at once record one).
import type { DataDirIdentity } from '../types.ts';
import { rows, type Queryable } from './query.ts';

export async function pgClaimDataDir(db: Queryable, folder: DataDirIdentity): Promise<DataDirIdentity> {
  await db.query(
    `INSERT INTO data_dir_identity (singleton, id, path, recorded_at) VALUES (1, $1, $2, $3)
     ON CONFLICT (singleton) DO NOTHING`,
    [folder.id, folder.path, new Date().toISOString()],
  );
  const [row] = await rows<DataDirIdentity>(db, 'SELECT id, path FROM data_dir_identity WHERE singleton = 1');
  return row!;
}
