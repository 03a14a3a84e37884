// What the publishing tests do with a publishing stack (support.ts): the publisher's status and
// builds waited for, programs read and saved in the local CMS (each save sends its signed
// webhook), and the live release compared, byte for byte, with a cold static build of the same
// content from the same project folder (its search folders aside: search-follows.test.ts covers
// them).
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { signedWebhookHeaders } from '../../service/publishing/webhook-signature.ts';
import type { BuildRecord, Publisher } from '../publisher/publisher.ts';
import type { Publishing } from './support.ts';

/** The publishing status (/hooks/cms/status) as the tests read it: the publisher's own, as JSON. */
export type Status = Omit<Awaited<ReturnType<Publisher['status']>>, 'lastBuild'> & { lastBuild: BuildRecord | null };

export type CmsNode = { id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> };

/** Every file of a folder and its bytes' hash, those `skip` names aside. */
export async function fileHashes(dir: string, skip = (_file: string) => false): Promise<Record<string, string>> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const files = entries
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => !skip(f))
    .sort();
  const hashes: Record<string, string> = {};
  for (const f of files)
    hashes[f] = createHash('sha256')
      .update(await readFile(path.join(dir, f)))
      .digest('hex');
  return hashes;
}

/**
 * A signed webhook as the CMS sends it to the service at `serverUrl`, with whatever body a test
 * gives and a delivery id (two saves in one second are two deliveries, not a replay).
 */
export async function sendWebhook(serverUrl: string, secret: string, body: Record<string, unknown>): Promise<void> {
  const text = JSON.stringify({ ...body, delivery: randomUUID() });
  const response = await fetch(`${serverUrl}/hooks/cms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedWebhookHeaders(secret, text) },
    body: text,
  });
  expect(response.status).toBeLessThan(300);
}

export function releaseChecks(
  publishing: Pick<Publishing, 'root' | 'work' | 'releasesDir'> & { server: { url: string }; cms: { url: string } },
  options: { secret: string; auth: { user: string; password: string } },
) {
  const { server, cms } = publishing;
  const status = async () =>
    (await (
      await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${options.secret}` } })
    ).json()) as Status;

  /** The status once `builds` builds since start are done and nothing is building or queued. */
  async function settle(builds: number): Promise<Status> {
    for (let i = 0; i < 3000; i++) {
      const s = await status();
      if (s.buildsSinceStart >= builds && !s.building && s.queued === 0 && s.lastBuild?.result !== 'running') return s;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('build did not finish');
  }

  const webhook = (body: Record<string, unknown>) => sendWebhook(server.url, options.secret, body);

  async function write(method: string, url: string, body?: unknown) {
    const { user, password } = options.auth;
    const response = await fetch(`${cms.url}${url}`, {
      method,
      headers: {
        'content-type': 'application/vnd.api+json',
        authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
  }

  async function program(alias: string, lang = 'en'): Promise<CmsNode> {
    const prefix = lang === 'fr' ? 'fr/' : '';
    const list = (await (
      await fetch(`${cms.url}${prefix}jsonapi/node/program?filter[path.alias]=${alias}`)
    ).json()) as { data: CmsNode[] };
    return list.data[0]!;
  }

  const patch = (
    id: string,
    attributes: Record<string, unknown>,
    relationships?: Record<string, unknown>,
    lang = 'en',
  ) =>
    write('PATCH', `${lang === 'fr' ? 'fr/' : ''}jsonapi/node/program/${id}`, {
      data: { type: 'node--program', id, attributes, ...(relationships ? { relationships } : {}) },
    });

  /** A program's title changed in the CMS (English), and the status once its release is done. */
  async function retitle(alias: string, title: string): Promise<Status> {
    const before = (await status()).buildsSinceStart;
    await patch((await program(alias)).id, { title });
    return settle(before + 1);
  }

  const served = async (p: string) => {
    const response = await fetch(`${server.url}${p}`);
    return { status: response.status, text: await response.text() };
  };

  let colds = 0;
  /**
   * A cold static build of the CMS's content now, from the publisher's project folder, in a fresh
   * cache. Its search index is left out, as the publisher's builds leave it to the publisher
   * (--defer-search-index): the search folders are not compared (search-follows.test.ts covers them).
   */
  async function coldBuild(): Promise<string> {
    const dir = path.join(publishing.work, `cold-${++colds}`);
    await promisify(execFile)(process.execPath, ['scripts/build.ts', '--defer-search-index'], {
      cwd: publishing.root,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: 'production', CMS_URL: cms.url, OUT_DIR: dir, ASTRO_CACHE_DIR: `${dir}-cache` },
    });
    return dir;
  }

  /** The live release equals a cold build of the same content; it was made by `builder`. */
  async function expectLiveEqualsCold(s: Status, builder: string) {
    expect(s.lastBuild?.error ?? null).toBeNull();
    expect(s.lastBuild?.result).toBe('success');
    expect(s.lastBuild?.builder?.builder, JSON.stringify(s.lastBuild?.builder)).toBe(builder);
    const live = path.join(
      publishing.releasesDir,
      await readlink(path.join(publishing.releasesDir, 'current')),
      'site',
    );
    const search = (f: string) => /^(pagefind|search-index\.json)/.test(f);
    const [mine, cold] = await Promise.all([
      fileHashes(live, search),
      coldBuild().then((dir) => fileHashes(dir, search)),
    ]);
    expect(Object.keys(mine).filter((f) => !(f in cold))).toEqual([]);
    expect(Object.keys(cold).filter((f) => !(f in mine))).toEqual([]);
    expect(Object.keys(mine).filter((f) => mine[f] !== cold[f])).toEqual([]);
  }

  return { status, settle, webhook, write, program, patch, retitle, served, expectLiveEqualsCold };
}
