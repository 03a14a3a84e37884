// The one way a file another process reads is written: whole or not at all. The bytes go to a
// temporary file beside it, are flushed to disk, and replace the file in one rename, so a reader
// (the next build, the publisher, the static server, a status page) sees the old file or the new
// one, never half of one. A write that fails (a full disk) removes its temporary file. A rename
// also never writes into the old file, which may be a hard link into a live release.
import { open, rename, rm } from 'node:fs/promises';

let sequence = 0;

/**
 * Replaces `file` with `data` atomically (temporary file + fsync + rename). `sync: false` skips the
 * fsync, for the many files of a new folder that only becomes visible by a rename of its own.
 */
export async function writeWhole(file: string, data: string | Uint8Array, { sync = true } = {}): Promise<void> {
  const temp = `${file}.${process.pid}.${++sequence}.tmp`;
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      if (sync) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** writeWhole of a value as JSON. */
export function writeJsonWhole(file: string, value: unknown, indent?: number): Promise<void> {
  return writeWhole(file, JSON.stringify(value, null, indent));
}
