// `npm run backup` and its restore, a round trip on both engines: what was stored before the
// backup comes back (the sealed application and its file included), what came after is gone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationRepositories } from '../src/features/chb-registration/server/storage/registration-storage.ts';
import { openIntakeStorage } from '../src/service/intake-storage.ts';
import { postgresBin, type PostgresCluster } from '../src/service/storage/tests/postgres-cluster.ts';
import { testPostgres } from '../src/service/storage/tests/shared-postgres.ts';

const root = path.resolve(import.meta.dirname, '..');
let cluster: PostgresCluster | undefined;
beforeAll(async () => {
  if (postgresBin()) cluster = await testPostgres();
});
afterAll(() => cluster?.stop());

function npmBackup(env: Record<string, string>, ...args: string[]) {
  const run = spawnSync(path.join(root, 'node_modules/.bin/node'), ['scripts/backup.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe.each(['sqlite', 'postgres'])('npm run backup: %s', (engine) => {
  it('restores what was stored at the backup, files included', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'backup-data-'));
    const databaseUrl = engine === 'postgres' ? await cluster!.database() : undefined;
    const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const storage = await openIntakeStorage({ dataDir, databaseUrl });
    await storage.submissions.add('feedback', { comment: 'before' });
    await registrationRepositories(storage).applications.add({
      number: 'CHB-BKUP2345',
      lang: 'fr',
      data: '{"sealed":"v1.x"}',
    });
    await mkdir(path.join(dataDir, 'applications', 'CHB-BKUP2345'), { recursive: true });
    await writeFile(path.join(dataDir, 'applications', 'CHB-BKUP2345', 'u1'), '%PDF-1.7 lease');

    const target = path.join(await mkdtemp(path.join(os.tmpdir(), 'backup-to-')), 'b');
    expect(npmBackup(env, target)).toContain(`Backup in ${target}`);
    await storage.submissions.add('feedback', { comment: 'after' });
    await storage.close();
    await writeFile(path.join(dataDir, 'applications', 'CHB-BKUP2345', 'u1'), 'damaged');

    npmBackup(env, 'restore', target);
    const restored = await openIntakeStorage({ dataDir, databaseUrl });
    try {
      expect((await restored.submissions.list('feedback')).map((s) => s.data)).toEqual([{ comment: 'before' }]);
      expect(await registrationRepositories(restored).applications.get('CHB-BKUP2345')).toMatchObject({
        lang: 'fr',
        data: '{"sealed":"v1.x"}',
      });
      // The restored database goes on: new rows get new ids.
      expect(await restored.submissions.add('feedback', { comment: 'next' })).toBeGreaterThan(1);
    } finally {
      await restored.close();
    }
    expect(await readFile(path.join(dataDir, 'applications', 'CHB-BKUP2345', 'u1'), 'utf8')).toBe('%PDF-1.7 lease');
    expect(existsSync(path.join(target, engine === 'postgres' ? 'intake.pgdump' : 'intake.sqlite'))).toBe(true);
  });
});
