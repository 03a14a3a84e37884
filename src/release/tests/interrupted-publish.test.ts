// Item 8: the publishing service is killed (kill -9) in the middle of a publish. Its build process
// ends with it, the restarted service removes the half-built folder, shows the build as
// interrupted (not "running", never listed as a release), and the next publish works without
// anyone clearing anything by hand.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './release-checks.ts';
import { copySharedFirstRelease } from './shared-first-release.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const node = path.join(root, 'node_modules/.bin/node');
const secret = 'interrupted-publish-secret-0123';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function startService(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(node, ['scripts/serve.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CMS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site and intake service on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace(/\/$/, ''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`service exited (${code}):\n${output}`)));
  });
  return { url, child };
}

interface Status {
  currentRelease: string | null;
  releases: string[];
  building: boolean;
  queued: number;
  lastBuild: { id: string; result: string; error: string | null; interrupted?: boolean } | null;
  history: Array<{ id: string; result: string; interrupted?: boolean }>;
}
async function status(url: string): Promise<Status> {
  const response = await fetch(`${url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } });
  return (await response.json()) as Status;
}
const webhook = (url: string) => sendWebhook(url, secret, { event: 'update' });
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 300_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const settled = (url: string) =>
  until('the build to finish', async () => {
    const s = await status(url);
    return !s.building && s.queued === 0 && s.lastBuild && s.lastBuild.result !== 'running' && s;
  });
/** Processes started for this service (their environment names its RELEASES_DIR). */
async function processesOf(releasesDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const pid of (await readdir('/proc')).filter((n) => /^\d+$/.test(n))) {
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(`RELEASES_DIR=${releasesDir}`)) pids.push(Number(pid));
  }
  return pids;
}
const folders = async (dir: string) => (await readdir(dir)).filter((n) => /^\d{8}-/.test(n)).sort();

describe('kill -9 in the middle of a publish', () => {
  it('leaves no half release behind, shows the build as interrupted, and the next publish works', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'interrupted-'));
    const releasesDir = path.join(work, 'releases');
    const env = {
      RELEASES_DIR: releasesDir,
      DATA_DIR: path.join(work, 'data'),
      DIST_DIR: path.join(work, 'no-dist'),
      WEBHOOK_SECRET: secret,
    };
    // The run's first release of the snapshot is live.
    await copySharedFirstRelease(releasesDir);
    const first = await startService(env);
    const live = (await status(first.url)).currentRelease!;
    expect(live).toBeTruthy();

    // The next publish, caught once its release folder holds pages.
    await webhook(first.url);
    const building = await until('the next release folder to fill', async () => {
      const next = (await folders(releasesDir)).find((id) => id !== live);
      if (!next) return null;
      const files = await readdir(path.join(releasesDir, next), { recursive: true }).catch(() => []);
      return files.length > 50 && next;
    });
    first.child.kill('SIGKILL');
    // Its build process, orphaned, ends by itself (it would go on writing into the folder).
    await until("the service's processes to end", async () => (await processesOf(releasesDir)).length === 0, 20_000);

    const second = await startService(env);
    const after = await status(second.url);
    expect(after.currentRelease).toBe(live);
    expect(after.releases).toEqual([live]);
    expect(after.building).toBe(false);
    const entry = after.history.find((b) => b.id === building);
    expect(entry).toMatchObject({ result: 'failed', interrupted: true });
    expect(after.history.some((b) => b.result === 'running')).toBe(false);
    expect(await folders(releasesDir)).toEqual([live]);
    expect((await readdir(releasesDir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    await webhook(second.url);
    const again = await settled(second.url);
    expect(again.lastBuild?.result, again.lastBuild?.error ?? '').toBe('success');
    expect(again.currentRelease).not.toBe(live);
    expect(again.releases).toEqual([live, again.currentRelease]);
    second.child.kill('SIGTERM');
  }, 600_000);
});
