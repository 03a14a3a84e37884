// The CMS goes down in the middle of a rebuild: the previous release stays live, nothing
// half-built is published, and the status says why. A small proxy in front of the local CMS lets
// the first requests of the build through and then drops every connection, as a CMS that dies
// mid-build would.
import { mkdtemp, readdir, readFile, readlink, realpath } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { startServer } from '../../service/start.ts';
import { sendWebhook } from './release-checks.ts';
import { copySharedFirstRelease } from './shared-first-release.ts';

const secret = 'test-secret-of-sufficient-length';
let cms: Awaited<ReturnType<typeof startLocalCms>>;
let server: Awaited<ReturnType<typeof startServer>>;
let proxy: http.Server;
let releasesDir = '';
const counter = { seen: 0, failAfter: Infinity, dropped: 0 };

async function status() {
  return (await (
    await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as {
    currentRelease: string | null;
    building: boolean;
    queued: number;
    lastBuild: { result: string; error: string | null } | null;
  };
}
const webhook = () => sendWebhook(server.url, secret, { event: 'update' });
async function settle() {
  for (let i = 0; i < 900; i++) {
    const s = await status();
    if (!s.building && s.queued === 0 && s.lastBuild && s.lastBuild.result !== 'running') return s;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('build did not finish');
}

beforeAll(async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'outage-'));
  releasesDir = path.join(work, 'releases');
  // The run's first release of the snapshot is live: the test's first build is the renderer's.
  await copySharedFirstRelease(releasesDir);
  cms = await startLocalCms({ port: 0, log: () => undefined });
  proxy = http.createServer((req, res) => {
    counter.seen++;
    if (counter.seen > counter.failAfter) {
      counter.dropped++;
      req.socket.destroy();
      return;
    }
    const upstream = http.request(
      new URL(req.url ?? '/', cms.url),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  process.env.CMS_URL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
  server = await startServer({
    port: 0,
    site: { distDir: path.join(work, 'none') },
    dataDir: path.join(work, 'data'),
    publishing: { webhookSecret: secret, releasesDir },
    root: path.resolve(import.meta.dirname, '../../..'),
    log: () => undefined,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await cms?.close();
  delete process.env.CMS_URL;
});

describe('a CMS outage during a build', () => {
  it('leaves the previous release live, publishes nothing half-built and says why', async () => {
    await webhook();
    const good = await settle();
    expect(good.lastBuild?.result).toBe('success');
    const live = good.currentRelease;
    expect(live).toBeTruthy();
    // nginx serves `current`: the atomic symlink switch (and a rollback) is what changes the site.
    const nginx = await readFile(path.join(releasesDir, live!, 'site-deploy', 'nginx.conf'), 'utf8');
    expect(nginx).toContain(`root "${path.join(releasesDir, 'current', 'site')}";`);
    expect(await realpath(path.join(releasesDir, 'current', 'site'))).toBe(
      await realpath(path.join(releasesDir, live!, 'site')),
    );
    const requestsOfAGoodBuild = counter.seen;
    expect(requestsOfAGoodBuild).toBeGreaterThan(3);
    const releasesBefore = (await readdir(releasesDir)).filter((n) => !n.startsWith('.')).sort();
    const homeBefore = await (await fetch(`${server.url}/en/home`)).text();

    // The next build gets its first three answers, then the CMS is gone.
    counter.failAfter = counter.seen + 3;
    await webhook();
    const failed = await settle();
    expect(counter.seen).toBeGreaterThan(counter.failAfter);
    expect(counter.dropped).toBeGreaterThan(0);
    expect(failed.lastBuild?.result).toBe('failed');
    expect(failed.lastBuild?.error).toBeTruthy();
    expect(failed.currentRelease).toBe(live);
    expect(path.basename(await readlink(path.join(releasesDir, 'current')))).toBe(live);
    // No new release folder next to the live one (a staging folder, if any, is never `current`).
    const releasesAfter = (await readdir(releasesDir)).filter((n) => !n.startsWith('.') && !n.endsWith('.tmp')).sort();
    expect(releasesAfter).toEqual(releasesBefore.filter((n) => !n.endsWith('.tmp')));
    const home = await fetch(`${server.url}/en/home`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe(homeBefore);
    const program = await fetch(`${server.url}/fr/program/services-de-soutien-a-domicile`);
    expect(program.status).toBe(200);
  }, 600_000);
});
