// Two intake nodes on one PostgreSQL must share one DATA_DIR (docs/deployment.md): a node started
// with a folder of its own would keep the uploads it receives where the other cannot read them.
// It refuses to start, naming both folders; nodes sharing the folder, and restarts, start.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBin } from '../storage/tests/postgres-cluster.ts';
import { testPostgres } from '../storage/tests/shared-postgres.ts';
import { killHard, startService } from './service-process.ts';

const children: ChildProcess[] = [];
const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  while (closers.length) await closers.pop()!();
});

async function folder() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'two-dirs-'));
  await chmod(dir, 0o700);
  return dir;
}

describe.skipIf(!postgresBin())('two DATA_DIRs on one database', () => {
  it('a node with a DATA_DIR of its own refuses to start, naming both folders', async () => {
    const cluster = await testPostgres();
    closers.push(() => cluster.stop());
    const env = { DATABASE_URL: await cluster.database('intake'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const [shared, own] = [await folder(), await folder()];
    await startService({ ...env, DATA_DIR: shared }, children);
    const refused = await startService({ ...env, DATA_DIR: own }, children).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/exited \(1\)/);
    expect(refused).toContain(`Refusing to start: DATA_DIR ${own} is not the data folder`);
    expect(refused).toContain(`the DATA_DIR at ${shared}`);
    expect(refused).not.toContain('password');
  }, 60_000);

  it('variant: a second node on the shared folder starts, and so does a restart; a third folder is refused with every node stopped', async () => {
    const cluster = await testPostgres();
    closers.push(() => cluster.stop());
    const env = { DATABASE_URL: await cluster.database('intake'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const shared = await folder();
    // Two nodes at once on a fresh folder and a fresh database: one id recorded, both start.
    const [a, b] = await Promise.all([
      startService({ ...env, DATA_DIR: shared }, children),
      startService({ ...env, DATA_DIR: shared }, children),
    ]);
    await killHard(a.child);
    await killHard(b.child);
    await killHard((await startService({ ...env, DATA_DIR: shared }, children)).child);
    const other = await folder();
    await expect(startService({ ...env, DATA_DIR: other }, children)).rejects.toThrow(/is not the data folder/);
  }, 60_000);
});
