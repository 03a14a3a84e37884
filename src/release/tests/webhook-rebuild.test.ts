// The editor's whole path on one machine: an edit in the local CMS sends the signed webhook, the
// service rebuilds into a new release, checks it and switches the served site to it.
import { readBuildWarnings } from '../../content/build-warnings.ts';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedWebhookHeaders } from '../../service/publishing/webhook-signature.ts';
import { copySharedFirstRelease } from './shared-first-release.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'pw' };
const programId = 'edited-program';
let publishing: Publishing | undefined;
let cms: Publishing['cms'];
let server: Publishing['server'];
let id = '';
let releasesDir = '';

async function status() {
  return (await (
    await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as {
    currentRelease: string | null;
    building: boolean;
    queued: number;
    buildsSinceStart: number;
    lastBuild: { result: string; error: string | null; durationMs: number } | null;
  };
}
async function settle() {
  for (let i = 0; i < 600; i++) {
    const s = await status();
    if (!s.building && s.queued === 0 && s.lastBuild && s.lastBuild.result !== 'running') return s;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('build did not finish');
}
async function patchTitle(title: string) {
  const response = await fetch(`${cms.url}jsonapi/node/program/${id}`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
    },
    body: JSON.stringify({ data: { type: 'node--program', id, attributes: { title } } }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  // From the run's first release: the first edit is the renderer's, as after a restart.
  publishing = await startPublishing('publish', { secret, auth, prepare: copySharedFirstRelease });
  ({ server, cms, releasesDir } = publishing);
  const list = (await (
    await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=/program/home-support-services`)
  ).json()) as { data: Array<{ id: string }> };
  id = list.data[0]!.id;
  void programId;
}, 60_000);

afterAll(async () => {
  await publishing?.close();
});

describe('CMS webhook rebuilds', () => {
  it('refuses writes without the editor account', async () => {
    const response = await fetch(`${cms.url}jsonapi/node/program/${id}`, { method: 'PATCH', body: '{}' });
    expect(response.status).toBe(401);
  });

  it('refuses a bad signature and a replayed one', async () => {
    const body = JSON.stringify({ event: 'update' });
    const bad = await fetch(`${server.url}/hooks/cms`, {
      method: 'POST',
      body,
      headers: { 'x-webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'x-webhook-signature': 'sha256=00' },
    });
    expect(bad.status).toBe(401);
    const old = Math.floor(Date.now() / 1000) - 600;
    const replay = await fetch(`${server.url}/hooks/cms`, {
      method: 'POST',
      body,
      headers: signedWebhookHeaders(secret, body, old),
    });
    expect(replay.status).toBe(401);
    expect((await status()).buildsSinceStart).toBe(0);
  });

  it('an edit appears on the served page after its webhook', async () => {
    const started = Date.now();
    await patchTitle('Home Support Services (edited)');
    const s = await settle();
    expect(s.lastBuild?.error ?? null).toBeNull();
    expect(s.lastBuild?.result).toBe('success');
    const page = await (await fetch(`${server.url}/en/program/home-support-services`)).text();
    expect(page).toContain('Home Support Services (edited)');
    console.log(`edit to live: ${Date.now() - started} ms (build ${s.lastBuild?.durationMs} ms)`);
  }, 180_000);

  it('ten quick edits cause at most two builds', async () => {
    const before = (await status()).buildsSinceStart;
    for (let i = 0; i < 10; i++) await patchTitle(`Home Support Services ${i}`);
    const s = await settle();
    expect(s.buildsSinceStart - before).toBeLessThanOrEqual(2);
    const page = await (await fetch(`${server.url}/en/program/home-support-services`)).text();
    expect(page).toContain('Home Support Services 9');
  }, 240_000);

  it('a schema-invalid edit publishes the rest, keeps the page’s previous version and says why in the build warnings', async () => {
    const live = (await status()).currentRelease;
    await patchTitle('');
    const s = await settle();
    // One bad node does not freeze the site: the release goes live with a warning.
    expect(s.lastBuild?.result).toBe('success');
    expect(s.currentRelease).not.toBe(live);
    const page = await (await fetch(`${server.url}/en/program/home-support-services`)).text();
    expect(page).toContain('Home Support Services 9');
    const warnings = readBuildWarnings(
      path.join(releasesDir, s.currentRelease!, 'site-deploy', 'build-warnings.jsonl'),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({
        kind: 'invalid-node',
        node: { type: 'node--program', id, lang: 'en' },
        field: 'title',
        message: expect.stringContaining('previously published version stays'),
      }),
    );
  }, 180_000);
});
