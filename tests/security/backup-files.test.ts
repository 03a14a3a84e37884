// Issue 43 item 5: `npm run backup` into a folder that already existed (0755) under umask 022 must
// still write owner-only files (0600, folders 0700): a backup holds every applicant's name, email,
// telephone, address and sealed SIN. And the DATABASE_URL password never goes on pg_dump's or
// pg_restore's command line, where `ps` shows it: a wrapper first on PATH records each one's argv
// and environment, then runs the real tool, which must still make a restorable dump.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationRepositories } from '../../src/features/chb-registration/server/storage/registration-storage.ts';
import { openIntakeStorage } from '../../src/service/intake-storage.ts';
import { postgresBin, type PostgresCluster } from '../../src/service/storage/tests/postgres-cluster.ts';
import { testPostgres } from '../../src/service/storage/tests/shared-postgres.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Backup-Secret-pw9';
let cluster: PostgresCluster | undefined;
beforeAll(async () => {
  if (postgresBin()) cluster = await testPostgres();
});
afterAll(() => cluster?.stop());

/** A folder of pg_dump/pg_restore wrappers that record argv and the password they were given. */
function recordingTools(record: string): string {
  const bin = mkdtempSync(path.join(os.tmpdir(), 'pg-wrap-'));
  for (const tool of ['pg_dump', 'pg_restore']) {
    const real = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    const script = [
      '#!/bin/sh',
      `printf '%s\\n' "$@" > "${record}/${tool}.argv"`,
      `printf '%s' "\${PGPASSWORD:-}" > "${record}/${tool}.pgpassword"`,
      `if [ -n "\${PGPASSFILE:-}" ]; then cat "$PGPASSFILE" > "${record}/${tool}.pgpassfile"; fi`,
      `exec ${real} "$@"`,
    ].join('\n');
    writeFileSync(path.join(bin, tool), script, { mode: 0o755 });
  }
  return bin;
}

function npmBackup(env: Record<string, string>, ...args: string[]) {
  const node = path.join(root, 'node_modules/.bin/node');
  const run = spawnSync('sh', ['-c', 'umask 022; exec "$0" scripts/backup.ts "$@"', node, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** Every path under `folder` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(folder: string): string[] {
  const open = (file: string) =>
    statSync(file).mode & 0o077 ? [`${file} ${(statSync(file).mode & 0o777).toString(8)}`] : [];
  return [
    ...open(folder),
    ...readdirSync(folder, { recursive: true, withFileTypes: true }).flatMap((e) =>
      open(path.join(e.parentPath, e.name)),
    ),
  ];
}

async function seeded(engine: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sec-backup-data-'));
  const plainUrl = engine === 'postgres' ? await cluster!.database() : undefined;
  const storage = await openIntakeStorage({ dataDir, databaseUrl: plainUrl });
  await registrationRepositories(storage).applications.add({
    number: 'CHB-MODE2345',
    lang: 'en',
    data: '{"sealed":"v1.x"}',
  });
  await storage.close();
  // An application file left readable by an older version: the backup does not copy its mode.
  mkdirSync(path.join(dataDir, 'applications', 'CHB-MODE2345'), { recursive: true, mode: 0o755 });
  writeFileSync(path.join(dataDir, 'applications', 'CHB-MODE2345', 'u1'), '%PDF-1.7 lease', { mode: 0o644 });
  const databaseUrl = plainUrl?.replace('postgres://intake@', `postgres://intake:${PASSWORD}@`);
  return { dataDir, env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } };
}

describe.each(['sqlite', 'postgres'])('npm run backup (%s): files only the owner can read', (engine) => {
  it('into a folder that existed 0755, under umask 022: every file 0600, every folder 0700', async () => {
    const { env } = await seeded(engine);
    const target = mkdtempSync(path.join(os.tmpdir(), 'sec-backup-to-'));
    chmodSync(target, 0o755);
    npmBackup(env, target);
    expect(readdirSync(target)).toContain(engine === 'postgres' ? 'intake.pgdump' : 'intake.sqlite');
    expect(openToOthers(target)).toEqual([]);
  });

  it('variant: a new folder under an existing one, and the restore puts owner-only files back', async () => {
    const { dataDir, env } = await seeded(engine);
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'sec-backup-to-')), 'nested', 'b');
    npmBackup(env, target);
    expect(openToOthers(target)).toEqual([]);
    npmBackup(env, 'restore', target);
    expect(openToOthers(path.join(dataDir, 'applications'))).toEqual([]);
    expect(readFileSync(path.join(dataDir, 'applications', 'CHB-MODE2345', 'u1'), 'utf8')).toBe('%PDF-1.7 lease');
  });
});

describe.skipIf(!postgresBin())('the DATABASE_URL password and pg_dump', () => {
  it('never appears in pg_dump’s argv; pg_dump gets it from its environment and still makes the dump', async () => {
    const { env } = await seeded('postgres');
    const record = mkdtempSync(path.join(os.tmpdir(), 'pg-record-'));
    const bin = recordingTools(record);
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'sec-backup-to-')), 'b');
    npmBackup({ ...env, PATH: `${bin}:${process.env.PATH}` }, target);
    const argv = readFileSync(path.join(record, 'pg_dump.argv'), 'utf8');
    expect(argv).toContain('--format=custom');
    expect(argv).not.toContain(PASSWORD);
    const given = [
      readFileSync(path.join(record, 'pg_dump.pgpassword'), 'utf8'),
      ...readdirSync(record)
        .filter((f) => f === 'pg_dump.pgpassfile')
        .map((f) => readFileSync(path.join(record, f), 'utf8')),
    ].join('\n');
    expect(given).toContain(PASSWORD);
    expect(statSync(path.join(target, 'intake.pgdump')).size).toBeGreaterThan(0);
  });

  it('variant: nor in pg_restore’s, and the restore brings the application back', async () => {
    const { dataDir, env } = await seeded('postgres');
    const record = mkdtempSync(path.join(os.tmpdir(), 'pg-record-'));
    const bin = recordingTools(record);
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'sec-backup-to-')), 'b');
    npmBackup({ ...env, PATH: `${bin}:${process.env.PATH}` }, target);
    npmBackup({ ...env, PATH: `${bin}:${process.env.PATH}` }, 'restore', target);
    const argv = readFileSync(path.join(record, 'pg_restore.argv'), 'utf8');
    expect(argv).toContain('--clean');
    expect(argv).not.toContain(PASSWORD);
    const storage = await openIntakeStorage({ dataDir, databaseUrl: env.DATABASE_URL });
    try {
      expect(await registrationRepositories(storage).applications.get('CHB-MODE2345')).toMatchObject({ lang: 'en' });
    } finally {
      await storage.close();
    }
  });
});
