// Issue 45, the publisher in its own process (`npm run publisher`), attacked over real HTTP: with
// the publisher killed, the intake nodes still serve the live site and take forms, the CMS webhook
// gets a retryable 503 (Retry-After) and its retry is accepted once the publisher is back (not
// refused as a replay), the status says so, and the editors' page says publishing is unavailable
// in the page's language. Two intake nodes share the one publisher.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readlinkSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants, isRunning } from '../e2e/support/processes.ts';
import { parseServiceConfig } from '../../src/config/service.ts';
import { optionsFrom, serverOptionsSchema } from '../../src/config/service-options.ts';
import { startServer } from '../../src/service/start.ts';
import { signedWebhookHeaders } from '../../src/service/publishing/webhook-signature.ts';
import { raw } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-publisher-apart-'));
const dist = path.join(dir, 'dist');
const releasesDir = path.join(dir, 'releases');
const secret = 'publisher-apart-webhook-secret';
const editorToken = 'publisher-apart-editor-token';
const publisherToken = 'publisher-apart-internal-token-0123456789';
// Builds fail at once (nothing listens there): these tests are about the routes, not the builds.
const unreachableCms = 'http://127.0.0.1:9/';
const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
let publisher: ChildProcess | undefined;
let publisherUrl = '';

/** `npm run publisher` as production runs it, apart from the intake nodes; resolves with its address. */
function startPublisher(port = 0, env: Record<string, string> = { CMS_URL: unreachableCms }): Promise<string> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/publisher.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PUBLISHER_PORT: String(port),
      PUBLISHER_TOKEN: publisherToken,
      RELEASES_DIR: releasesDir,
      DIST_DIR: dist,
      DATA_DIR: path.join(dir, 'publisher-data'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  publisher = child;
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /publisher listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`publisher exited (${code}): ${output}`)));
  });
}

async function killPublisher() {
  const child = publisher!;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const logs: string[] = [];
const intakeNode = (name: string) =>
  startServer({
    port: 0,
    site: { distDir: dist },
    dataDir: path.join(dir, name),
    publishing: {
      webhookSecret: secret,
      editorToken,
      releasesDir,
      publisher: { url: publisherUrl, token: publisherToken },
    },
    log: (line) => logs.push(line),
  }).then((server) => (servers.push(server), server));

const delivery = (body: string, timestamp = Math.floor(Date.now() / 1000)) => ({
  method: 'POST',
  body,
  headers: {
    'content-type': 'application/json',
    ...signedWebhookHeaders(secret, body, timestamp),
  },
});

const feedback = { page: '/en/program/home-support-services', lang: 'en', answer: 'yes', comment: '' };

beforeAll(async () => {
  mkdirSync(path.join(dist, 'en'), { recursive: true });
  writeFileSync(path.join(dist, 'en', 'index.html'), '<!doctype html><title>Home</title><p>LIVE-SITE-MARKER</p>');
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Not found</title>');
  publisherUrl = await startPublisher();
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await killPublisher();
  rmSync(dir, { recursive: true, force: true });
});

describe('the publisher apart from the intake nodes', () => {
  it('with the publisher killed, the site and forms still work; the webhook gets 503 + Retry-After and its retry publishes once it is back', async () => {
    const node = await intakeNode('node-a');
    // The publisher adopted DIST_DIR as the first release: the node serves RELEASES_DIR/current.
    expect((await raw(node.url, '/en/')).text).toContain('LIVE-SITE-MARKER');
    expect((await raw(node.url, '/hooks/cms', delivery('{"event":"update","id":"1"}'))).status).toBe(202);

    await killPublisher();
    expect((await raw(node.url, '/en/')).text).toContain('LIVE-SITE-MARKER');
    const form = await fetch(`${node.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(feedback),
    });
    expect(form.status).toBe(200);

    const save = delivery('{"event":"update","bundle":"program","id":"2"}');
    const refused = await raw(node.url, '/hooks/cms', save);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.text)).toEqual({ error: 'publisher_unavailable' });

    const status = await raw(node.url, '/hooks/cms/status');
    expect(status.status).toBe(503);
    expect(Number(status.headers['retry-after'])).toBeGreaterThan(0);

    const bearer = { authorization: `Bearer ${editorToken}` };
    const en = await raw(node.url, '/hooks/cms/publishing?lang=en', { headers: bearer });
    expect(en.status).toBe(503);
    expect(en.headers['retry-after']).toBeDefined();
    expect(en.text).toContain('Publishing is unavailable right now');
    expect(en.text).toContain('lang="en"');
    const fr = await raw(node.url, '/hooks/cms/publishing?lang=fr', { headers: bearer });
    expect(fr.status).toBe(503);
    expect(fr.text).toContain('La publication est indisponible pour le moment');
    expect(fr.text).toContain('lang="fr"');
    // A wrong token is still refused as before, not told about the publisher.
    expect((await raw(node.url, '/hooks/cms/publishing', { headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );

    // Back on the same port: the CMS's retry of the same delivery is accepted, once.
    await startPublisher(Number(new URL(publisherUrl).port));
    expect((await raw(node.url, '/hooks/cms', save)).status).toBe(202);
    expect((await raw(node.url, '/hooks/cms', save)).status).toBe(409);
    expect((await raw(node.url, '/hooks/cms/status')).status).toBe(200);
    // The node's log says it once each way, not once per refused request.
    const said = (text: string) => logs.filter((l) => l.includes(text)).map((l) => JSON.parse(l) as { level: string });
    expect(said('does not answer')).toEqual([expect.objectContaining({ level: 'warn' })]);
    expect(said('answers again')).toEqual([expect.objectContaining({ level: 'info' })]);
  }, 60_000);

  it('two intake nodes share the one publisher: either takes the webhook, both show its status', async () => {
    const [a, b] = [await intakeNode('node-b'), await intakeNode('node-c')];
    expect((await raw(a.url, '/hooks/cms', delivery('{"event":"update","id":"3"}'))).status).toBe(202);
    const bearer = { headers: { authorization: `Bearer ${editorToken}` } };
    const fromA = JSON.parse((await raw(a.url, '/hooks/cms/status', bearer)).text) as { currentRelease: string };
    const fromB = JSON.parse((await raw(b.url, '/hooks/cms/status', bearer)).text) as { currentRelease: string };
    expect(fromB.currentRelease).toBe(fromA.currentRelease);
    expect(fromA.currentRelease).toMatch(/^\d{8}-/);
    expect((await raw(b.url, '/en/')).text).toContain('LIVE-SITE-MARKER');
  }, 60_000);

  it('refuses to run apart without PUBLISHER_TOKEN, on the node and on the publisher, naming the setting', async () => {
    const env = { WEBHOOK_SECRET: secret, PUBLISHER_URL: 'http://127.0.0.1:4323' };
    expect(() => optionsFrom(serverOptionsSchema(root), env)).toThrow(/PUBLISHER_TOKEN: required with PUBLISHER_URL/);
    const alone = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/publisher.ts'], {
      cwd: root,
      env: { ...process.env, PUBLISHER_TOKEN: '', RELEASES_DIR: releasesDir },
      encoding: 'utf8',
    });
    expect(alone.status).toBe(1);
    expect(alone.stderr).toContain('PUBLISHER_TOKEN: required by npm run publisher');
    // A short token is refused too (the value itself never shown).
    expect(() => parseServiceConfig({ PUBLISHER_TOKEN: 'short' })).toThrow(/PUBLISHER_TOKEN: must be at least 32/);
  });

  it('refuses the internal API without its token', async () => {
    const headerSets: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-the-publisher-token-000000' }];
    for (const headers of headerSets) {
      const status = await fetch(`${publisherUrl}/status`, { headers });
      expect(status.status).toBe(401);
      const trigger = await fetch(`${publisherUrl}/trigger`, { method: 'POST', headers, body: '{"summary":"x"}' });
      expect(trigger.status).toBe(401);
    }
  });

  it('refuses a save of the wrong shape on the internal API, even with its token (nothing queued)', async () => {
    const headers = { authorization: `Bearer ${publisherToken}`, 'content-type': 'application/json' };
    const bodies = [
      'not json',
      '{}',
      '{"summary":5}',
      '{"summary":"x","event":{"id":5}}',
      '{"summary":"x","env":{"CMS_URL":1}}',
    ];
    for (const body of bodies) {
      const answer = await fetch(`${publisherUrl}/trigger`, { method: 'POST', headers, body });
      expect([body, answer.status, await answer.json()]).toEqual([body, 400, { error: 'invalid_request' }]);
    }
  });

  it('the publisher killed mid-build: its build ends with it, nothing goes live; restarted, it records the build as interrupted', async () => {
    const node = await intakeNode('node-d');
    const bearer = { headers: { authorization: `Bearer ${editorToken}` } };
    const status = async () => JSON.parse((await raw(node.url, '/hooks/cms/status', bearer)).text) as Status;
    const live = readlinkSync(path.join(releasesDir, 'current'));
    // A real build (the local CMS's snapshot), killed while it runs.
    await killPublisher();
    const port = Number(new URL(publisherUrl).port);
    await startPublisher(port, {});
    expect((await raw(node.url, '/hooks/cms', delivery('{"event":"update","id":"4"}'))).status).toBe(202);
    const building = await until(async () => {
      const s = await status();
      return s.building && s.lastBuild?.result === 'running' ? s : undefined;
    });
    const builds = await until(async () => {
      const found = descendants(publisher!.pid!).filter((p) => p.command.includes('scripts/build.ts'));
      return found.length ? found : undefined;
    });
    await killPublisher();
    await until(async () => builds.every((b) => !isRunning(b.pid)) || undefined);
    expect(readlinkSync(path.join(releasesDir, 'current'))).toBe(live);

    await startPublisher(port);
    const after = await status();
    expect(after.building).toBe(false);
    expect(after.history.find((e) => e.id === building.lastBuild!.id)).toMatchObject({
      result: 'failed',
      interrupted: true,
    });
    expect(readlinkSync(path.join(releasesDir, 'current'))).toBe(live);
    // No half-built release folder is left beside the finished ones.
    const folders = readdirSync(releasesDir).filter((name) => /^\d{8}-/.test(name));
    expect(folders.sort()).toEqual([...after.releases].sort());
  }, 120_000);
});

interface Status {
  building: boolean;
  lastBuild: { id: string; result: string } | null;
  history: Array<{ id: string; result: string; interrupted?: boolean }>;
  releases: string[];
}

/** Polls until `found` gives something (the build's processes and phases come and go). */
async function until<T>(found: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const value = await found();
    if (value) return value;
  }
  throw new Error('timed out');
}
