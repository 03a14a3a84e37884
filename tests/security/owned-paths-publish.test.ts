// Issue 43 item 1 through a real publish and real nginx: editors save vanity URLs of
// /api/applications, /hooks/cms, an encoded /%61pi/feedback, /__not_found (the include's own
// location) and /EN. Each node is skipped with a build warning naming it and field_vanity_url,
// the release goes live, its include passes `nginx -t`, and behind nginx (the release's include,
// /api/ and /hooks/ proxied to the service as docs/deployment.md says) an application, a feedback
// and the CMS webhook still reach the service: the next save publishes.
import { existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildWarnings } from '../../src/content/build-warnings.ts';
import { signedWebhookHeaders } from '../../src/service/publishing/webhook-signature.ts';
import { copySharedFirstRelease } from '../../src/release/tests/shared-first-release.ts';
import { startPublishing, type Publishing } from '../../src/release/tests/support.ts';
import { nginxPrefix, runNginx } from '../e2e/support/nginx.ts';
import { nginxTest } from './nginx-run.ts';
import { raw, waitFor } from './support.ts';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'pw' };
/** English vanity nodes of the snapshot, and the address each editor gives it. */
const hostile: Record<string, string> = {
  '69c5d627-ff46-4270-8322-18d66d63bc9f': '/api/applications', // was /dental
  '8846225b-fbdd-478e-85a7-283799b4dc4f': '/hooks/cms', // was /211
  'fea6bb45-6330-499d-89d2-065e383b6ef1': '/__not_found', // was /survey
  'b1047ec2-7332-4bb6-867e-b303c786e472': '/%61pi/feedback', // was /en/category/help-parents
  '619a79dd-75f0-4e50-89f9-4e3372e1fe09': '/EN', // was /seniors
};
let publishing: Publishing | undefined;
let cms: Publishing['cms'];
let server: Publishing['server'];
let releasesDir = '';

interface Status {
  currentRelease: string | null;
  building: boolean;
  queued: number;
  buildsSinceStart: number;
  lastBuild: { result: string; error: string | null } | null;
}
const status = async () =>
  (await (
    await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as Status;

async function publishAfter(edit: () => Promise<void>): Promise<Status> {
  const before = (await status()).buildsSinceStart;
  await edit();
  let last: Status | undefined;
  await waitFor(async () => {
    last = await status();
    return (
      last.buildsSinceStart > before && !last.building && last.queued === 0 && last.lastBuild?.result !== 'running'
    );
  }, 300_000);
  return last!;
}

async function patchVanity(id: string, route: string) {
  const response = await fetch(`${cms.url}jsonapi/node/vanity_url/${id}`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
    },
    body: JSON.stringify({ data: { type: 'node--vanity_url', id, attributes: { field_vanity_url: route } } }),
  });
  expect(response.status, route).toBe(200);
}

beforeAll(async () => {
  publishing = await startPublishing('owned-paths', { secret, auth, prepare: copySharedFirstRelease });
  ({ server, cms, releasesDir } = publishing);
}, 60_000);
afterAll(async () => {
  await publishing?.close();
  if (publishing) rmSync(publishing.work, { recursive: true, force: true });
});

describe.skipIf(!existsSync(NGINX))('a vanity URL cannot take the intake behind nginx', () => {
  it('the hostile vanities are warnings, the release is live, and the intake and the webhook still work through nginx', async () => {
    const live = await publishAfter(async () => {
      for (const [id, route] of Object.entries(hostile)) await patchVanity(id, route);
    });
    expect(live.lastBuild?.result, live.lastBuild?.error ?? '').toBe('success');
    const release = live.currentRelease!;
    const deploy = path.join(releasesDir, release, 'site-deploy');
    const warnings = readBuildWarnings(path.join(deploy, 'build-warnings.jsonl'));
    for (const [id, route] of Object.entries(hostile))
      expect(warnings, route).toContainEqual(
        expect.objectContaining({
          kind: 'invalid-node',
          node: { type: 'node--vanity_url', id, lang: 'en' },
          field: 'field_vanity_url',
        }),
      );
    const include = await readFile(path.join(deploy, 'nginx.conf'), 'utf8');
    const headers = await readFile(path.join(deploy, 'security-headers.conf'), 'utf8');
    const checked = nginxTest(include, headers);
    expect(checked.ok, checked.output).toBe(true);
    expect(include).not.toMatch(/"\/(api|hooks|__not_found|EN)\b/);
    expect(include.match(/__not_found/g)).toHaveLength(2); // error_page and its own location
    expect(await readFile(path.join(releasesDir, release, 'site', '_redirects'), 'utf8')).not.toMatch(
      /^\/(api|hooks|__|EN\b)/m,
    );

    // nginx as deployed: the release's include, /api/ and /hooks/ proxied to the service.
    const port = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const upstream = new URL(server.url).port;
    const prefix = nginxPrefix({
      port,
      files: { 'site.conf': include, 'security-headers.conf': headers },
      server: `    location /api/ { proxy_pass http://127.0.0.1:${upstream}; }
    location /hooks/ { proxy_pass http://127.0.0.1:${upstream}; }
`,
    });
    const base = `http://127.0.0.1:${port}`;
    const nginx = await runNginx(prefix, () => fetch(`${base}/en/home`).then((r) => r.ok), 'ignore');
    try {
      const json = { 'content-type': 'application/json' };
      const application = await raw(base, '/api/applications', { method: 'POST', headers: json, body: '{}' });
      // The service's own refusal of an empty application and feedback (a redirect was 301).
      expect(application.status).toBe(422);
      expect(application.headers.location).toBeUndefined();
      const feedback = await raw(base, '/%61pi/feedback', { method: 'POST', headers: json, body: '{}' });
      expect(feedback.status).toBe(400);
      expect(JSON.parse(feedback.text)).toMatchObject({ error: 'validation' });
      expect(feedback.headers.location).toBeUndefined();
      // The next save still publishes: the webhook, signed as the CMS signs it, through nginx.
      const next = await publishAfter(async () => {
        const body = JSON.stringify({ event: 'update', bundle: 'vanity_url', id: Object.keys(hostile)[0] });
        const timestamp = Math.floor(Date.now() / 1000);
        const hook = await raw(base, '/hooks/cms', {
          method: 'POST',
          headers: { ...json, ...signedWebhookHeaders(secret, body, timestamp) },
          body,
        });
        expect(hook.status).toBe(202);
      });
      expect(next.lastBuild?.result).toBe('success');
      expect(next.currentRelease).not.toBe(release);
    } finally {
      await nginx.stop();
      rmSync(prefix.prefix, { recursive: true, force: true });
    }
  }, 900_000);
});
