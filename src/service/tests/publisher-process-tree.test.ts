// Issue 45: an intake node's memory does not grow with the site, counted from the process tree
// (not timed): the build processes and the resident renderer are the publisher's children, never
// the intake node's. `npm run serve` (one command) starts the publisher as its child, which dies
// with it; with PUBLISHER_URL (production) the intake node starts no process at all, and loads
// no module of the release pipeline's (recorded as it loads them, record-modules.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { descendants, isRunning } from '../../../tests/e2e/support/processes.ts';
import { signedWebhookHeaders } from '../publishing/webhook-signature.ts';
import { killHard, startServiceProcess, type ServiceProcess } from './service-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'publisher-tree-'));
const secret = 'process-tree-webhook-secret';
const publisherToken = 'process-tree-internal-token-0123456789';
const started: Array<ServiceProcess | ChildProcess> = [];
// Builds fail fast (nothing listens there) and start the next waiting build process: enough to see whose child it is.
const unreachableCms = 'http://127.0.0.1:9/';

afterAll(async () => {
  for (const s of started) if ('stop' in s) await s.stop();
  for (const s of started) if (!('stop' in s) && s.exitCode === null && s.signalCode === null) await killHard(s);
  rmSync(dir, { recursive: true, force: true });
});

function site(name: string) {
  const dist = path.join(dir, name, 'dist');
  mkdirSync(path.join(dist, 'en'), { recursive: true });
  writeFileSync(path.join(dist, 'en', 'index.html'), '<!doctype html><title>Home</title>');
  return { DIST_DIR: dist, RELEASES_DIR: path.join(dir, name, 'releases') };
}

async function deliver(url: string) {
  const body = '{"event":"update","bundle":"program","id":"1"}';
  const response = await fetch(`${url}/hooks/cms`, {
    method: 'POST',
    body,
    headers: signedWebhookHeaders(secret, body),
  });
  expect(response.status).toBe(202);
}

/** Waits until `found` returns something (polled; the build processes come and go). */
async function until<T>(found: () => T | undefined, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const value = found();
    if (value) return value;
  }
  throw new Error('timed out');
}

const isBuild = (command: string) => command.includes('scripts/build.ts');
const isPublisher = (command: string) => command.includes('scripts/publisher.ts');

describe('whose children the build processes are', () => {
  it('npm run serve: the publisher is the intake node’s only child, the builds are the publisher’s; all die with the node', async () => {
    const service = await startServiceProcess({
      ...site('one-command'),
      WEBHOOK_SECRET: secret,
      CMS_URL: unreachableCms,
      PUBLISH_RESIDENT: '0',
    });
    started.push(service);
    const intake = service.child.pid!;
    await deliver(service.url);
    const build = await until(() => descendants(intake).find((p) => isBuild(p.command)));
    const children = () => descendants(intake).filter((p) => readParent(p.pid) === intake);
    expect(children().map((p) => isPublisher(p.command))).toEqual([true]);
    expect(readParent(build.pid)).toBe(children()[0]!.pid);

    const everything = descendants(intake).map((p) => p.pid);
    await killHard(service.child);
    await until(() => everything.every((pid) => !isRunning(pid)) || undefined, 15_000);
  }, 120_000);

  it('PUBLISHER_URL: the intake node starts no process; a publish runs entirely under `npm run publisher`', async () => {
    const paths = site('apart');
    const publisher = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/publisher.ts'], {
      cwd: root,
      env: { ...process.env, ...paths, PUBLISHER_PORT: '0', PUBLISHER_TOKEN: publisherToken, CMS_URL: unreachableCms },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    started.push(publisher);
    let out = '';
    publisher.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const publisherUrl = await until(() => /publisher listening on (http:\/\/[\d.]+:\d+)/.exec(out)?.[1], 30_000);
    const loaded = path.join(dir, 'apart-modules.txt');
    const service = await startServiceProcess({
      ...paths,
      WEBHOOK_SECRET: secret,
      PUBLISHER_URL: publisherUrl,
      PUBLISHER_TOKEN: publisherToken,
      NODE_OPTIONS: `--import=${path.join(import.meta.dirname, 'record-modules.ts')}`,
      RECORD_MODULES_TO: loaded,
    });
    started.push(service);
    await deliver(service.url);
    await until(() => descendants(publisher.pid!).find((p) => isBuild(p.command)));
    expect(descendants(service.child.pid!)).toEqual([]);
    // What the intake node loaded, counted: its own modules, none of the release pipeline's.
    const modules = readFileSync(loaded, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(`${service.child.pid} file://${root}/`))
      .map((line) => line.slice(line.indexOf(root) + root.length + 1));
    expect(modules).toContain('src/service/publishing/publisher-client.ts');
    expect(modules.filter((m) => /^src\/release\/(publisher|resident)\//.test(m))).toEqual([]);
  }, 120_000);
});

function readParent(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
}
