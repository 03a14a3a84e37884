// PUBLISH_ALLOW_DROP=1 (src/config/service.ts), the override the release check names when it
// refuses a release with more than 10% fewer pages than the live one: with it, such a release goes
// live. The service is configured from its environment as `npm run serve` is (support.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedWebhookHeaders } from '../../service/publishing/webhook-signature.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'allow-drop-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'pw' };
/** The live release the service adopts: far more pages than the local CMS's snapshot builds. */
const LIVE_PAGES = 1000;
let publishing: Publishing | undefined;
let dist = '';

interface Status {
  currentRelease: string | null;
  building: boolean;
  queued: number;
  lastBuild: { result: string; error: string | null } | null;
  live: { pages: number } | null;
}
async function status(): Promise<Status> {
  const response = await fetch(`${publishing!.server.url}/hooks/cms/status`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  return (await response.json()) as Status;
}
async function settle(): Promise<Status> {
  for (let i = 0; i < 1500; i++) {
    const s = await status();
    if (!s.building && s.queued === 0 && s.lastBuild && s.lastBuild.result !== 'running') return s;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('build did not finish');
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'allow-drop-dist-'));
  for (let i = 0; i < LIVE_PAGES; i++) {
    await mkdir(path.join(dist, 'en', `old-${i}`), { recursive: true });
    await writeFile(path.join(dist, 'en', `old-${i}`, 'index.html'), '<!doctype html><title>old</title>');
  }
  publishing = await startPublishing('allow-drop', {
    secret,
    auth,
    env: { DIST_DIR: dist, PUBLISH_ALLOW_DROP: '1' },
  });
}, 120_000);

afterAll(async () => {
  await publishing?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('PUBLISH_ALLOW_DROP=1', () => {
  it('lets a release with more than 10% fewer pages than the live one go live', async () => {
    const before = await status();
    expect(before.live?.pages).toBe(LIVE_PAGES);
    const body = JSON.stringify({ event: 'update' });
    const ts = Math.floor(Date.now() / 1000);
    const response = await fetch(`${publishing!.server.url}/hooks/cms`, {
      method: 'POST',
      body,
      headers: signedWebhookHeaders(secret, body, ts),
    });
    expect(response.status).toBeLessThan(300);
    const after = await settle();
    expect(after.lastBuild?.error ?? null).toBeNull();
    expect(after.lastBuild?.result).toBe('success');
    expect(after.currentRelease).not.toBe(before.currentRelease);
    expect(after.live!.pages).toBeLessThan(LIVE_PAGES * 0.9);
    const page = await fetch(`${publishing!.server.url}/en/home`);
    expect(page.status).toBe(200);
  }, 300_000);
});
