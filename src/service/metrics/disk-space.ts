// Free and total bytes of the file systems holding the service's folders (statfs), for /metrics:
// a full data folder stops the forms (507), a full upload folder stops uploads. A folder that
// cannot be read (not there yet) is left out rather than failing the scrape.
import { statfs } from 'node:fs/promises';

export interface DiskSpace {
  folder: string;
  freeBytes: number;
  sizeBytes: number;
}

export async function diskSpace(folders: Array<{ name: string; path: string }>): Promise<DiskSpace[]> {
  const read = await Promise.all(
    folders.map(async ({ name, path }) => {
      const s = await statfs(path).catch(() => null);
      // bavail: what the service (not root) may still write.
      return s ? { folder: name, freeBytes: s.bavail * s.bsize, sizeBytes: s.blocks * s.bsize } : null;
    }),
  );
  return read.filter((d): d is DiskSpace => d !== null);
}
