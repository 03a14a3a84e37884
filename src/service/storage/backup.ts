// A backup of the intake's data, and its restore, for both engines: the database (SQLite: its
// online backup API, safe while the service runs; PostgreSQL: pg_dump's custom format, restored
// with pg_restore) plus DATA_DIR's application files and the generated encryption key if there is
// one (without the key, the sealed SINs and dates of birth cannot be opened). The folders are
// those the features keep in DATA_DIR (their seam's `dataFolders`: src/service/intake-storage.ts). Uploads still in
// progress are not kept: they expire within 24 hours anyway.
// A backup holds what DATA_DIR holds: its folder is made owner-only (0700) before anything is
// written into it, whatever it was, and every file in it 0600 after. The DATABASE_URL password
// goes to pg_dump and pg_restore in their environment (PGPASSWORD), never on their command line.
import { spawn } from 'node:child_process';
import { chmod, cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE } from './sqlite.ts';

const DUMP = 'intake.pgdump';
const KEY = 'encryption.key';

interface Where {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** The features' folders in DATA_DIR that a backup keeps (the application files). */
  folders: readonly string[];
}

/** A PostgreSQL URL without its password, and the password (decoded) for PGPASSWORD. */
function withoutPassword(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function runPostgresTool(command: string, databaseUrl: string, args: string[]): Promise<void> {
  const { url, env } = withoutPassword(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(command, [`--dbname=${url}`, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors}`)),
    );
  });
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** `folder` and everything under it owner-only: folders 0700, files 0600. */
async function ownerOnly(folder: string): Promise<void> {
  await chmod(folder, 0o700);
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}

async function copyFiles(from: string, to: string, folders: readonly string[]) {
  for (const name of [...folders, KEY]) {
    if (!(await exists(path.join(from, name)))) continue;
    await cp(path.join(from, name), path.join(to, name), { recursive: true });
    await ownerOnly(path.join(to, name));
  }
}

/** Writes a backup into the folder `target` (created owner-only); returns what it holds. */
export async function backupIntake({ dataDir, databaseUrl, folders }: Where, target: string): Promise<string> {
  await mkdir(target, { recursive: true, mode: 0o700 });
  // An existing folder keeps its mode through mkdir: closed before the dump is written into it.
  await chmod(target, 0o700);
  if (databaseUrl) {
    await runPostgresTool('pg_dump', databaseUrl, ['--format=custom', `--file=${path.join(target, DUMP)}`]);
  } else {
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      await sqliteBackup(db, path.join(target, DATABASE_FILE));
    } finally {
      db.close();
    }
  }
  await copyFiles(dataDir, target, folders);
  await ownerOnly(target);
  return databaseUrl ? `PostgreSQL dump ${DUMP}` : `SQLite copy ${DATABASE_FILE}`;
}

/**
 * Puts a backup back: the database as it was (PostgreSQL: its tables dropped and recreated;
 * SQLite: the file replaced; the service must be stopped) and the application files.
 */
export async function restoreIntake({ dataDir, databaseUrl, folders }: Where, source: string): Promise<void> {
  if (databaseUrl) {
    await runPostgresTool('pg_restore', databaseUrl, ['--clean', '--if-exists', '--no-owner', path.join(source, DUMP)]);
  } else {
    const file = path.join(dataDir, DATABASE_FILE);
    await Promise.all([rm(`${file}-wal`, { force: true }), rm(`${file}-shm`, { force: true })]);
    await cp(path.join(source, DATABASE_FILE), file);
    await chmod(file, 0o600);
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await copyFiles(source, dataDir, folders);
}
