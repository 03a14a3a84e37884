// The `data_dir_identity` row: the first node to start records its DATA_DIR; the others read it
// (ON CONFLICT: two nodes starting at once record one).
import type { Db } from '../dialect.ts';
import type { DataDirIdentity } from '../types.ts';

export async function claimDataDir({ db }: Db, folder: DataDirIdentity): Promise<DataDirIdentity> {
  await db
    .insertInto('data_dir_identity')
    .values({ singleton: 1, id: folder.id, path: folder.path, recorded_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('singleton').doNothing())
    .execute();
  return db.selectFrom('data_dir_identity').select(['id', 'path']).where('singleton', '=', 1).executeTakeFirstOrThrow();
}
