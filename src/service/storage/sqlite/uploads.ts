// The `uploads` table: tus uploads (the bytes stay on disk), attached to an application once it is stored.
import type { DatabaseSync } from 'node:sqlite';
import type { UploadRecord, UploadsRepository, Synchronous } from '../types.ts';

interface UploadRow {
  id: string;
  grp: string;
  filename: string;
  size: number | null;
  created_at: number;
  finished_at: number | null;
  detected_type: string | null;
  application_id: number | null;
  path: string | null;
  fid: string | null;
}
const uploadRecord = (r: UploadRow): UploadRecord => ({
  id: r.id,
  group: r.grp,
  filename: r.filename,
  size: r.size,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  detectedType: r.detected_type,
  applicationId: r.application_id,
  path: r.path,
  fid: r.fid,
});

export function sqliteUploads(db: DatabaseSync): Synchronous<UploadsRepository> {
  return {
    createUpload(u) {
      db.prepare('INSERT INTO uploads (id, grp, filename, size, created_at) VALUES (?, ?, ?, ?, ?)').run(
        u.id,
        u.group,
        u.filename,
        u.size,
        u.createdAt,
      );
    },
    finishUpload(id, f) {
      db.prepare(
        'UPDATE uploads SET size = ?, detected_type = ?, finished_at = ? WHERE id = ? AND application_id IS NULL',
      ).run(f.size, f.detectedType, f.finishedAt, id);
    },
    getUpload(id) {
      const row = db.prepare('SELECT * FROM uploads WHERE id = ?').get(id) as UploadRow | undefined;
      return row ? uploadRecord(row) : undefined;
    },
    deleteUpload(id) {
      db.prepare('DELETE FROM uploads WHERE id = ? AND application_id IS NULL').run(id);
    },
    expiredUploads(before) {
      const rows = db
        .prepare('SELECT id FROM uploads WHERE application_id IS NULL AND created_at < ?')
        .all(before) as Array<{ id: string }>;
      return rows.map((r) => r.id);
    },
    unattachedUploads() {
      return db.prepare('SELECT id, size FROM uploads WHERE application_id IS NULL').all() as Array<{
        id: string;
        size: number | null;
      }>;
    },
    attach(uploadId, applicationId, path) {
      const result = db
        .prepare(
          'UPDATE uploads SET application_id = ?, path = ? WHERE id = ? AND application_id IS NULL AND finished_at IS NOT NULL',
        )
        .run(applicationId, path, uploadId);
      return Number(result.changes) === 1;
    },
    setFid(uploadId, fid) {
      db.prepare('UPDATE uploads SET fid = ? WHERE id = ?').run(fid, uploadId);
    },
    ofApplication(applicationId) {
      const rows = db
        .prepare('SELECT * FROM uploads WHERE application_id = ? ORDER BY rowid')
        .all(applicationId) as unknown as UploadRow[];
      return rows.map(uploadRecord);
    },
    attachedFiles: () =>
      db.prepare('SELECT id, path FROM uploads WHERE application_id IS NOT NULL AND path IS NOT NULL').all() as Array<{
        id: string;
        path: string;
      }>,
  };
}
