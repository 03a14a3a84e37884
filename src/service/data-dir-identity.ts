// Every node on one database must use the one DATA_DIR (a shared folder, docs/deployment.md): a
// node with a folder of its own would keep the uploads it receives where the other nodes cannot
// read them, and the applications that name them would fail on those nodes. The folder carries an
// id (DATA_DIR/.data-dir-id, owner-only, written once) and the database records the id of the first
// folder it was used with; a node whose folder has another id refuses to start, naming both.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DataDirError } from './data-dir.ts';
import type { Storage } from './storage/types.ts';
import { writeOnce } from './write-once.ts';

const DATA_DIR_ID_FILE = '.data-dir-id';

/** The folder's id, written on its first use (two nodes starting at once keep one). */
function folderId(dataDir: string): string {
  return writeOnce(path.join(dataDir, DATA_DIR_ID_FILE), `${randomUUID()}\n`).trim();
}

/** Throws (a refusal to start) when the database was first used with another DATA_DIR. */
export async function checkDataDirIdentity(storage: Storage, dataDir: string): Promise<void> {
  const folder = { id: folderId(dataDir), path: path.resolve(dataDir) };
  const recorded = await storage.claimDataDir(folder);
  if (recorded.id === folder.id) return;
  throw new DataDirError(
    `DATA_DIR ${folder.path} is not the data folder of the database in DATABASE_URL: that database is used with the DATA_DIR at ${recorded.path} (id ${recorded.id} in its ${DATA_DIR_ID_FILE}). Every node on one database must use the one shared DATA_DIR (docs/deployment.md), or it keeps uploads the other nodes cannot read. If this folder replaces that one (a restore onto a new disk), write the id into it: echo ${recorded.id} > ${JSON.stringify(path.join(folder.path, DATA_DIR_ID_FILE))}`,
  );
}
