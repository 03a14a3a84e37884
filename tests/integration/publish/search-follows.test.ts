// Search after pages (src/server/publish/search-bundles.ts): an edit goes live with the live search
// index (hard links inside the new release) and the release's own index follows; a deletion waits for its own index, so a removed page is
// never offered as a result once its removal is live. Checked in the served index files themselves.
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { signWebhook } from '../../../src/server/publish/webhook-signature.ts';
import { startServer } from '../../../src/server/start.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'pw' };
let cms: Awaited<ReturnType<typeof startLocalCms>>;
let server: Awaited<ReturnType<typeof startServer>>;
let releasesDir = '';
let work = '';

interface Status {
  currentRelease: string | null;
  building: boolean;
  queued: number;
  buildsSinceStart: number;
  lastBuild: {
    result: string;
    error: string | null;
    search: { when: string; state: string; liveAfterMs: number | null } | null;
  } | null;
}
const status = async () =>
  (await (
    await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as Status;
async function settle(builds: number) {
  for (let i = 0; i < 1500; i++) {
    const s = await status();
    if (
      s.buildsSinceStart >= builds &&
      !s.building &&
      s.queued === 0 &&
      s.lastBuild &&
      s.lastBuild.result !== 'running'
    )
      return s;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('build did not finish');
}
async function write(method: string, url: string, body?: unknown) {
  const response = await fetch(`${cms.url}${url}`, {
    method,
    headers: {
      'content-type': 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
}
async function programId(alias: string) {
  return (
    (await (await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=${alias}`)).json()) as {
      data: Array<{ id: string }>;
    }
  ).data[0]!.id;
}
/** Every page fragment of the live index, decompressed (Pagefind gzips them). */
async function liveFragments(): Promise<string> {
  const dir = path.join(releasesDir, 'current', 'site', 'pagefind', 'fragment');
  const files = await readdir(dir);
  const texts = await Promise.all(
    files.map(async (f) => gunzipSync(await readFile(path.join(dir, f))).toString('utf8')),
  );
  return texts.join('\n');
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'search-follows-'));
  releasesDir = path.join(work, 'releases');
  server = await startServer({
    port: 0,
    distDir: path.join(work, 'none'),
    dataDir: path.join(work, 'data'),
    webhookSecret: secret,
    releasesDir,
    root: path.resolve(import.meta.dirname, '../../..'),
    log: () => undefined,
  });
  cms = await startLocalCms({
    port: 0,
    auth,
    webhookSecret: secret,
    webhookUrl: `${server.url}/hooks/cms`,
    log: () => undefined,
  });
  process.env.CMS_URL = cms.url;
  const body = JSON.stringify({ event: 'first' });
  const ts = Math.floor(Date.now() / 1000);
  await fetch(`${server.url}/hooks/cms`, {
    method: 'POST',
    body,
    headers: { 'x-webhook-timestamp': String(ts), 'x-webhook-signature': signWebhook(secret, body, ts) },
  });
  const first = await settle(1);
  expect(first.lastBuild?.error ?? null).toBeNull();
}, 300_000);

afterAll(async () => {
  await cms?.close();
  await server?.close();
  delete process.env.CMS_URL;
  if (work) await rm(work, { recursive: true, force: true });
});

describe('search follows the pages', () => {
  it('indexes the first release before it goes live, into a folder of the release its /pagefind links to', async () => {
    const s = await status();
    expect(s.lastBuild?.search).toMatchObject({ when: 'before', state: 'live' });
    expect(await readlink(path.join(releasesDir, 'current', 'site', 'pagefind'))).toMatch(/^pagefind-[^/]+$/);
    expect((await fetch(`${server.url}/pagefind/pagefind.js`)).status).toBe(200);
    expect(await liveFragments()).toContain('/en/program/food-banks');
  });

  it('publishes an edit before its index, then the index with the edit', async () => {
    const title = `Home Support Services (searchable ${Date.now()})`;
    const id = await programId('/program/home-support-services');
    await write('PATCH', `jsonapi/node/program/${id}`, { data: { type: 'node--program', id, attributes: { title } } });
    const s = await settle(2);
    expect(s.lastBuild?.error ?? null).toBeNull();
    expect(s.lastBuild?.search?.when).toBe('after');
    expect(s.lastBuild?.search?.state).toBe('live');
    expect(s.lastBuild?.search?.liveAfterMs).toBeGreaterThan(0);
    expect(await liveFragments()).toContain(title);
    // Served through the site's own folder (the static server refuses symlinks leading out of it).
    expect((await fetch(`${server.url}/pagefind/pagefind.js`)).status).toBe(200);
    expect(
      (await readdir(path.join(releasesDir, 'current', 'site'))).filter((name) =>
        name.startsWith('pagefind-inherited'),
      ),
    ).toEqual([]);
  }, 300_000);

  it('never goes live with an index offering a page it removed', async () => {
    const id = await programId('/program/food-banks');
    await write('DELETE', `jsonapi/node/program/${id}`);
    const s = await settle(3);
    expect(s.lastBuild?.error ?? null).toBeNull();
    expect(s.lastBuild?.search).toMatchObject({ when: 'before', state: 'live' });
    expect((await fetch(`${server.url}/en/program/food-banks`)).status).toBe(404);
    expect(await liveFragments()).not.toContain('/en/program/food-banks');
  }, 300_000);
});
