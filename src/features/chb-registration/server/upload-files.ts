// The files of the uploads folder (DATA_DIR/uploads): an upload is its data file and tus's
// `<id>.json` beside it.
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { HEAD_BYTES } from '../rules/upload-rules.ts';
import type { UploadsRepository } from './storage/types.ts';
import { isLang, type Lang } from '../../../i18n/languages.ts';

export function uploadFiles(directory: string, storage: UploadsRepository) {
  const filePath = (id: string) => path.join(directory, id);

  /** The first bytes written so far (none when the file is missing). */
  async function readHead(id: string, length = HEAD_BYTES): Promise<Buffer> {
    const handle = await open(filePath(id), 'r').catch(() => undefined);
    if (!handle) return Buffer.alloc(0);
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** Deletes the upload's two files (needs no space, so it works on a full disk). */
  async function removeFiles(id: string) {
    await Promise.all([rm(filePath(id), { force: true }), rm(`${filePath(id)}.json`, { force: true })]);
  }

  /** Forgets the upload: its row, then its files. */
  async function discard(id: string) {
    await storage.deleteUpload(id);
    await removeFiles(id);
  }

  /** The language the upload was created in (its `lang` metadata in tus's `<id>.json`), if any. */
  async function langOf(id: string): Promise<Lang | undefined> {
    const text = await readFile(`${filePath(id)}.json`, 'utf8').catch(() => '');
    try {
      const lang = (JSON.parse(text) as { metadata?: { lang?: unknown } }).metadata?.lang;
      return isLang(lang) ? lang : undefined;
    } catch {
      return undefined;
    }
  }

  return { filePath, readHead, removeFiles, discard, langOf };
}

export type UploadFiles = ReturnType<typeof uploadFiles>;
