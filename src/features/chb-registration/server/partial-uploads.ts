// A partial upload nothing will complete (its 507 says nothing was saved) is deleted at once, not
// in 24 hours. Its row may outlive its file: on a full disk SQLite refuses even a DELETE, so the
// row is deleted again on later requests.
import type { UploadsRepository } from './storage/types.ts';
import { idOf } from './upload-answers.ts';
import type { UploadFiles } from './upload-files.ts';
import { UPLOAD_PATH } from './tus-server.ts';
import type { LogLine } from '../../../service/platform/log.ts';

interface PartialUploadsOptions {
  storage: UploadsRepository;
  files: UploadFiles;
  log: LogLine;
}

export function partialUploads({ storage, files, log }: PartialUploadsOptions) {
  // Rows of dropped uploads SQLite could not delete yet.
  const rowsToDelete = new Set<string>();

  /** Deletes the rows left over; stops at the first refusal. */
  async function deleteLeftRows() {
    for (const id of rowsToDelete) {
      try {
        await storage.deleteUpload(id);
        rowsToDelete.delete(id);
      } catch {
        return; // still full: the next request tries again
      }
    }
  }

  /** Deletes the unattached upload a PATCH request names. */
  async function drop(request: Request, why: string) {
    const id = idOf(request);
    if (!id || (await storage.getUpload(id))?.applicationId !== null) return;
    // The file first: deleting it is what gives the space back, and needs none.
    await files.removeFiles(id);
    rowsToDelete.add(id);
    await deleteLeftRows();
    log(`${UPLOAD_PATH}: partial upload deleted (${why})`, { level: 'warn', uploadId: id });
  }

  return { drop, deleteLeftRows };
}

export type PartialUploads = ReturnType<typeof partialUploads>;
