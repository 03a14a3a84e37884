// An application's documents on disk: DATA_DIR/applications/<number>/<upload id>, the same file
// as the upload DATA_DIR/uploads/<upload id> it was (a hard link: same file system). The link is
// made before the commit that records it and the upload's own name removed after: until the
// commit the upload is where a retry finds it. What a stopped node (or a lost connection) left
// between the two is put right at start: a folder of an application that does not exist gives
// its uploads back and goes; an application's file still under its upload name is moved into
// place; a recorded file found nowhere is reported.
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LogLine } from '../../../service/platform/log.ts';
import type { RegistrationStorage } from './storage/registration-storage.ts';

export interface ApplicationFile {
  uploadId: string;
  /** DATA_DIR-relative, as recorded: applications/<number>/<upload id>. */
  path: string;
  /** The upload's file. */
  from: string;
  /** Where it goes. */
  to: string;
}

const removeUploadNames = (from: string) => {
  rmSync(from, { force: true });
  rmSync(`${from}.json`, { force: true });
};

/** The links of one application's files: made in its transaction, undone if it fails, `done` once stored. */
export function linkApplicationFiles(files: ApplicationFile[]) {
  const made: string[] = [];
  const undo = () => {
    for (const to of made.splice(0)) rmSync(to, { force: true });
    for (const folder of new Set(files.map((f) => path.dirname(f.to)))) {
      try {
        rmdirSync(folder);
      } catch {
        // not there, or not empty: nothing of ours left in it
      }
    }
  };
  return {
    make() {
      try {
        for (const file of files) {
          mkdirSync(path.dirname(file.to), { recursive: true, mode: 0o700 });
          linkSync(file.from, file.to);
          made.push(file.to);
        }
      } catch (error) {
        undo();
        throw error;
      }
    },
    undo,
    /** Stored: the upload names go (the application's names are the files now). */
    done() {
      for (const file of files) removeUploadNames(file.from);
    },
  };
}

/** A folder this young may belong to a transaction still open on some node: left alone. */
const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Puts the application folders and the uploads' rows in agreement (at start, and with the
 * periodic cleanup for the folders); what it did, counted.
 */
export async function reconcileApplicationFiles(options: {
  storage: Pick<RegistrationStorage, 'applications' | 'uploads'>;
  dataDir: string;
  uploadsDir: string;
  log: LogLine;
  now?: number;
  /** Also the recorded files (every attached upload: at start only). */
  rows?: boolean;
}) {
  const { storage, dataDir, uploadsDir, log } = options;
  const now = options.now ?? Date.now();
  const counts = { orphanFolders: 0, uploadsPutBack: 0, moved: 0, missing: 0 };
  const root = path.join(dataDir, 'applications');
  const uploadPath = (id: string) => path.join(uploadsDir, id);
  for (const number of existsSync(root) ? readdirSync(root) : []) {
    const folder = path.join(root, number);
    if (statSync(folder).mtimeMs > now - ORPHAN_GRACE_MS) continue;
    if (await storage.applications.get(number)) continue;
    for (const id of readdirSync(folder)) {
      const upload = await storage.uploads.getUpload(id);
      if (upload && upload.applicationId === null && !existsSync(uploadPath(id))) {
        renameSync(path.join(folder, id), uploadPath(id));
        counts.uploadsPutBack++;
      }
    }
    rmSync(folder, { recursive: true, force: true });
    counts.orphanFolders++;
  }
  if (options.rows) {
    for (const file of await storage.uploads.attachedFiles()) {
      const target = path.join(dataDir, file.path);
      const from = uploadPath(file.id);
      if (!existsSync(target)) {
        if (!existsSync(from)) {
          counts.missing++;
          continue;
        }
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        linkSync(from, target);
        counts.moved++;
      }
      if (existsSync(from)) removeUploadNames(from);
    }
  }
  if (counts.orphanFolders)
    log(
      `application files: ${counts.orphanFolders} folder(s) of applications never stored removed, ${counts.uploadsPutBack} upload(s) put back`,
      { level: 'warn' },
    );
  if (counts.moved) log(`application files: ${counts.moved} stored file(s) moved into place`, { level: 'warn' });
  if (counts.missing)
    log(`application files: ${counts.missing} stored file(s) missing from DATA_DIR/applications (restore a backup)`, {
      level: 'error',
    });
  return counts;
}
