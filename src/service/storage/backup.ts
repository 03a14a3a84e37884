// A backup of the intake's data, and its restore, for both engines: the database (SQLite: its
// online backup API, safe while the service runs; PostgreSQL: pg_dump's custom format, restored
// with pg_restore) plus DATA_DIR's application files and the generated encryption key if there is
// one (without the key, the sealed SINs and dates of birth cannot be opened). Uploads still in
// progress are not kept: they expire within 24 hours anyway.
import { spawn } from 'node:child_process';
import { cp, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE } from './sqlite.ts';

const DUMP = 'intake.pgdump';
const FOLDERS = ['applications'];
const KEY = 'encryption.key';

interface Where {
  dataDir: string;
  databaseUrl?: string | undefined;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
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

async function copyFiles(from: string, to: string) {
  for (const name of [...FOLDERS, KEY]) {
    if (await exists(path.join(from, name))) await cp(path.join(from, name), path.join(to, name), { recursive: true });
  }
}

/** Writes a backup into the folder `target` (created owner-only); returns what it holds. */
export async function backupIntake({ dataDir, databaseUrl }: Where, target: string): Promise<string> {
  await mkdir(target, { recursive: true, mode: 0o700 });
  if (databaseUrl) {
    await run('pg_dump', ['--format=custom', `--file=${path.join(target, DUMP)}`, `--dbname=${databaseUrl}`]);
  } else {
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      await sqliteBackup(db, path.join(target, DATABASE_FILE));
    } finally {
      db.close();
    }
  }
  await copyFiles(dataDir, target);
  return databaseUrl ? `PostgreSQL dump ${DUMP}` : `SQLite copy ${DATABASE_FILE}`;
}

/**
 * Puts a backup back: the database as it was (PostgreSQL: its tables dropped and recreated;
 * SQLite: the file replaced; the service must be stopped) and the application files.
 */
export async function restoreIntake({ dataDir, databaseUrl }: Where, source: string): Promise<void> {
  if (databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      `--dbname=${databaseUrl}`,
      path.join(source, DUMP),
    ]);
  } else {
    const file = path.join(dataDir, DATABASE_FILE);
    await Promise.all([rm(`${file}-wal`, { force: true }), rm(`${file}-shm`, { force: true })]);
    await cp(path.join(source, DATABASE_FILE), file);
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await copyFiles(source, dataDir);
}
