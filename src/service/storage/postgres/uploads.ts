// The `uploads` table (PostgreSQL): tus uploads (the bytes stay in the shared uploads folder),
// attached to an application once it is stored.
import type { UploadRecord, UploadsRepository } from '../types.ts';
import { changed, rows, type Queryable } from './query.ts';

const COLUMNS = `id, grp AS "group", filename, size, created_at AS "createdAt", finished_at AS "finishedAt",
  detected_type AS "detectedType", application_id AS "applicationId", path, fid`;

export function pgUploads(db: Queryable): UploadsRepository {
  return {
    async createUpload(u) {
      await db.query('INSERT INTO uploads (id, grp, filename, size, created_at) VALUES ($1, $2, $3, $4, $5)', [
        u.id,
        u.group,
        u.filename,
        u.size,
        u.createdAt,
      ]);
    },
    async finishUpload(id, f) {
      await db.query(
        'UPDATE uploads SET size = $1, detected_type = $2, finished_at = $3 WHERE id = $4 AND application_id IS NULL',
        [f.size, f.detectedType, f.finishedAt, id],
      );
    },
    async getUpload(id) {
      const [row] = await rows<UploadRecord>(db, `SELECT ${COLUMNS} FROM uploads WHERE id = $1`, [id]);
      return row;
    },
    async deleteUpload(id) {
      await db.query('DELETE FROM uploads WHERE id = $1 AND application_id IS NULL', [id]);
    },
    async expiredUploads(before) {
      const found = await rows<{ id: string }>(
        db,
        'SELECT id FROM uploads WHERE application_id IS NULL AND created_at < $1',
        [before],
      );
      return found.map((r) => r.id);
    },
    unattachedUploads: () => rows(db, 'SELECT id, size FROM uploads WHERE application_id IS NULL'),
    async attach(uploadId, applicationId, path) {
      const n = await changed(
        db,
        'UPDATE uploads SET application_id = $1, path = $2 WHERE id = $3 AND application_id IS NULL AND finished_at IS NOT NULL',
        [applicationId, path, uploadId],
      );
      return n === 1;
    },
    async setFid(uploadId, fid) {
      await db.query('UPDATE uploads SET fid = $1 WHERE id = $2', [fid, uploadId]);
    },
    ofApplication: (applicationId) =>
      rows<UploadRecord>(db, `SELECT ${COLUMNS} FROM uploads WHERE application_id = $1 ORDER BY seq`, [applicationId]),
    attachedFiles: () => rows(db, 'SELECT id, path FROM uploads WHERE application_id IS NOT NULL AND path IS NOT NULL'),
  };
}
