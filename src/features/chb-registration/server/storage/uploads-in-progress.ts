// The uploads gauge of /metrics: uploads created and not finished yet (tus uploads still receiving
// bytes, or abandoned mid-way until the 24-hour cleanup).
import type { UploadsRepository } from './types.ts';

export async function uploadsInProgress(uploads: Pick<UploadsRepository, 'unattachedUploads' | 'getUpload'>) {
  let count = 0;
  for (const row of await uploads.unattachedUploads()) {
    const record = await uploads.getUpload(row.id);
    if (record && record.finishedAt === null) count++;
  }
  return count;
}
