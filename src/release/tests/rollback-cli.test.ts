// Deploy layout end to end: `scripts/serve.ts` serves RELEASES_DIR/current/site (a symlink to one
// release folder), and `npm run rollback` (scripts/rollback.ts) switches the running service back
// to the previous release in one step, without a restart; rolling back past the oldest fails.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markComplete, switchTo } from '../releases.ts';
import { diesWithParent } from '../../../tests/e2e/support/processes.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const node = path.join(root, 'node_modules/.bin/node');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function release(dir: string, id: string) {
  for (const lang of ['en', 'fr']) {
    await mkdir(path.join(dir, id, 'site', lang, 'home'), { recursive: true });
    await writeFile(
      path.join(dir, id, 'site', lang, 'home', 'index.html'),
      `<!doctype html><title>${id}</title><p>release ${id}</p>`,
    );
  }
  await markComplete(dir, id, {});
}

async function startService(env: Record<string, string>): Promise<string> {
  // The service dies with this test run, even a killed one (a parent-death signal).
  const child = spawn(...diesWithParent(node, ['scripts/serve.ts']), {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site and intake service on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}):\n${output}`));
    });
  });
}

const rollbackCli = (releasesDir: string) =>
  spawnSync(node, ['scripts/rollback.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, RELEASES_DIR: releasesDir },
  });

describe('npm run rollback against the running service', () => {
  it('switches the served site back to the previous release, then refuses past the oldest', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'rollback-cli-'));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rollback-data-'));
    await release(releasesDir, '20260101-000001');
    await release(releasesDir, '20260101-000002');
    await switchTo(releasesDir, '20260101-000002');
    const url = await startService({
      RELEASES_DIR: releasesDir,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(releasesDir, 'no-dist'),
      WEBHOOK_SECRET: 'rollback-test-secret-0123456789',
    });
    const home = async () => (await fetch(`${url}/en/home/`)).text();
    expect(await home()).toContain('release 20260101-000002');

    const first = rollbackCli(releasesDir);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Rolled back: 20260101-000002 -> 20260101-000001');
    expect(await readlink(path.join(releasesDir, 'current'))).toBe('20260101-000001');
    // Same process, no restart: the next request is served from the previous release.
    expect(await home()).toContain('release 20260101-000001');
    const status = (await (
      await fetch(`${url}/hooks/cms/status`, { headers: { authorization: 'Bearer rollback-test-secret-0123456789' } })
    ).json()) as Record<string, unknown>;
    expect(JSON.stringify(status)).toContain('20260101-000001');

    const second = rollbackCli(releasesDir);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('No release older than 20260101-000001');
    expect(await home()).toContain('release 20260101-000001');
  }, 60_000);
});
