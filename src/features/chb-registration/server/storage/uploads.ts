// The `uploads` table: tus uploads (the bytes stay on disk, in the uploads folder every node
// shares), attached to an application once it is stored.
import type { Db } from '../../../../service/platform/storage.ts';
import type { RegistrationTables } from './tables.ts';
import type { UploadRecord, UploadsRepository } from './types.ts';

const RECORD = [
  'id',
  'grp as group',
  'filename',
  'size',
  'created_at as createdAt',
  'finished_at as finishedAt',
  'detected_type as detectedType',
  'application_id as applicationId',
  'path',
  'fid',
] as const;

export function uploads(on: Db): UploadsRepository {
  const { engine } = on;
  const db = on.db.withTables<RegistrationTables>();
  const unattached = db.selectFrom('uploads').where('application_id', 'is', null);
  return {
    async createUpload(u) {
      await db
        .insertInto('uploads')
        .values({ id: u.id, grp: u.group, filename: u.filename, size: u.size, created_at: u.createdAt })
        .execute();
    },
    async finishUpload(id, f) {
      await db
        .updateTable('uploads')
        .set({ size: f.size, detected_type: f.detectedType, finished_at: f.finishedAt })
        .where('id', '=', id)
        .where('application_id', 'is', null)
        .execute();
    },
    async getUpload(id): Promise<UploadRecord | undefined> {
      const row = await db.selectFrom('uploads').select(RECORD).where('id', '=', id).executeTakeFirst();
      return row ? { ...row } : undefined;
    },
    async deleteUpload(id) {
      await db.deleteFrom('uploads').where('id', '=', id).where('application_id', 'is', null).execute();
    },
    async expiredUploads(before) {
      const rows = await unattached.select('id').where('created_at', '<', before).execute();
      return rows.map((r) => r.id);
    },
    unattachedUploads: () => unattached.select(['id', 'size']).execute(),
    async attach(uploadId, applicationId, path) {
      const result = await db
        .updateTable('uploads')
        .set({ application_id: applicationId, path })
        .where('id', '=', uploadId)
        .where('application_id', 'is', null)
        .where('finished_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async setFid(uploadId, fid) {
      await db.updateTable('uploads').set({ fid }).where('id', '=', uploadId).execute();
    },
    async ofApplication(applicationId) {
      const rows = await db
        .selectFrom('uploads')
        .select(RECORD)
        .where('application_id', '=', applicationId)
        .orderBy(engine.insertOrder)
        .execute();
      return rows.map((r) => ({ ...r }));
    },
    async attachedFiles() {
      const rows = await db
        .selectFrom('uploads')
        .select(['id', 'path'])
        .where('application_id', 'is not', null)
        .where('path', 'is not', null)
        .execute();
      return rows.map((r) => ({ id: r.id, path: r.path! }));
    },
  };
}
