// tus's FileStore, creating its files owner-only (0600), and with two things a full disk needs: a creation that fails (the metadata file
// cannot be written) leaves no empty file behind, and a failed write keeps its real cause
// (ENOSPC) instead of tus's generic "could not write", so the service can answer 507. Its
// `created` hook stores the upload's database row once the files exist (no row: no files); its
// `removed` hook deletes the row before tus answers a deletion (the row's store may be a database
// across the network: an event after the answer would race the uploader's next request).
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import { createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

type Options = ConstructorParameters<typeof FileStore>[0] & {
  created: (upload: Upload) => Promise<void>;
  removed: (id: string) => Promise<void>;
};

export class UploadFileStore extends FileStore {
  readonly folder: string;
  readonly created: (upload: Upload) => Promise<void>;
  readonly removed: (id: string) => Promise<void>;
  constructor({ created, removed, ...options }: Options) {
    super(options);
    this.folder = options.directory;
    this.created = created;
    this.removed = removed;
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.removed(id);
  }

  override async create(upload: Upload): Promise<Upload> {
    try {
      // Owner-only from the start: FileStore then writes into these files and keeps their mode.
      const file = path.join(this.folder, upload.id);
      await Promise.all([
        writeFile(file, '', { mode: 0o600, flag: 'wx' }),
        writeFile(`${file}.json`, '', { mode: 0o600, flag: 'wx' }),
      ]);
      const made = await super.create(upload);
      await this.created(made);
      return made;
    } catch (error) {
      const file = path.join(this.folder, upload.id);
      await Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]);
      throw error;
    }
  }

  override async write(
    readable: NodeJS.ReadableStream | import('node:stream').Readable,
    id: string,
    offset: number,
  ): Promise<number> {
    let received = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    // Same as FileStore.write, except that the error is passed on as it is.
    await pipeline(readable, count, createWriteStream(path.join(this.folder, id), { flags: 'r+', start: offset }));
    return offset + received;
  }
}
