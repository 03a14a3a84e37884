// The resident renderer's releases equal a cold build, byte for byte: after the first release (a
// full build), each editor's change in the local CMS sends its signed webhook, the publisher's
// resident renderer renders the pages it touches into a release linked from the live one, and the
// release's files (pages, redirect stubs, compressed copies, headers; the search folders aside,
// src/release/tests/search-follows.test.ts covers them) are those of a cold static build of the same
// content. A renderer killed mid-build or hung is killed and the full build makes the release,
// which goes live; a change of the settings pages render from re-renders everything.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublishing, type Publishing } from './support.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'resident' };
let publishing: Publishing | undefined;
let cms: Publishing['cms'];
let server: Publishing['server'];
let work = '';

interface Status {
  currentRelease: string | null;
  building: boolean;
  queued: number;
  buildsSinceStart: number;
  lastBuild: {
    result: string;
    error: string | null;
    builder: { builder: string; reason?: string; changedOnly?: boolean } | null;
  } | null;
  resident: { pid: number | null };
}
const status = async () =>
  (await (
    await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as Status;
async function settle(builds: number): Promise<Status> {
  for (let i = 0; i < 3000; i++) {
    const s = await status();
    if (s.buildsSinceStart >= builds && !s.building && s.queued === 0 && s.lastBuild?.result !== 'running') return s;
    await new Promise((r) => setTimeout(r, 100));
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
type Node = { id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> };
async function program(alias: string, lang = 'en'): Promise<Node> {
  const prefix = lang === 'fr' ? 'fr/' : '';
  const list = (await (await fetch(`${cms.url}${prefix}jsonapi/node/program?filter[path.alias]=${alias}`)).json()) as {
    data: Node[];
  };
  return list.data[0]!;
}
const patch = (id: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>, lang = 'en') =>
  write('PATCH', `${lang === 'fr' ? 'fr/' : ''}jsonapi/node/program/${id}`, {
    data: { type: 'node--program', id, attributes, ...(relationships ? { relationships } : {}) },
  });

/** Every file of a site folder and its bytes' hash, the search index folders aside. */
async function fileHashes(dir: string): Promise<Record<string, string>> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const files = entries
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => !/^(pagefind|search-index\.json)/.test(f))
    .sort();
  const hashes: Record<string, string> = {};
  for (const f of files)
    hashes[f] = createHash('sha256')
      .update(await readFile(path.join(dir, f)))
      .digest('hex');
  return hashes;
}

let colds = 0;
/** A cold static build of the CMS's content now, in a fresh cache. */
async function coldBuild(): Promise<string> {
  const dir = path.join(work, `cold-${++colds}`);
  await promisify(execFile)(process.execPath, ['scripts/build.ts'], {
    cwd: root,
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
    publishing!.releasesDir,
    await readlink(path.join(publishing!.releasesDir, 'current')),
    'site',
  );
  const [mine, cold] = await Promise.all([fileHashes(live), coldBuild().then(fileHashes)]);
  expect(Object.keys(mine).filter((f) => !(f in cold))).toEqual([]);
  expect(Object.keys(cold).filter((f) => !(f in mine))).toEqual([]);
  expect(Object.keys(mine).filter((f) => mine[f] !== cold[f])).toEqual([]);
}

const served = async (p: string) => {
  const response = await fetch(`${server.url}${p}`);
  return { status: response.status, text: await response.text() };
};

let builds = 0;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'resident-'));
  // A resident build that takes longer is taken as hung (the hung renderer's test waits that long).
  publishing = await startPublishing('resident', { secret, auth, env: { PUBLISH_RESIDENT_TIMEOUT_SECONDS: '20' } });
  ({ server, cms } = publishing);
  // The first release: the full build (and the renderer's content loaded before it).
  const first = await program('/program/home-support-services');
  await patch(first.id, { title: 'Home Support Services' });
  const s = await settle(++builds);
  expect(s.lastBuild?.builder?.builder).toBe('full');
}, 600_000);

afterAll(async () => {
  await publishing?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the resident renderer makes releases equal to a cold build', () => {
  it('an edit', async () => {
    const p = await program('/program/tele-care-811');
    await patch(p.id, { title: 'Tele-Care 811 (edited)' });
    const s = await settle(++builds);
    // An edit of a published node that kept its address: only the nodes saved since are fetched.
    expect(s.lastBuild?.builder).toMatchObject({ builder: 'resident', changedOnly: true });
    expect((await served('/en/program/tele-care-811')).text).toContain('Tele-Care 811 (edited)');
    await expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('a create (English only), then its translation added later', async () => {
    const model = await program('/program/tele-care-811');
    const alias = '/program/resident-created-program';
    await write('POST', 'jsonapi/node/program', {
      data: {
        type: 'node--program',
        attributes: {
          ...model.attributes,
          title: 'A created program',
          drupal_internal__nid: 9101,
          path: { alias, langcode: 'en' },
        },
        relationships: model.relationships,
      },
    });
    let s = await settle(++builds);
    expect((await served(`/en${alias}`)).text).toContain('A created program');
    await expectLiveEqualsCold(s, 'resident');
    const created = await program(alias);
    await write('POST', 'fr/jsonapi/node/program', {
      data: {
        type: 'node--program',
        id: created.id,
        attributes: {
          ...created.attributes,
          langcode: 'fr',
          title: 'Un programme créé',
          path: { alias: '/program/programme-cree', langcode: 'fr' },
        },
        relationships: created.relationships,
      },
    });
    s = await settle(++builds);
    expect((await served('/fr/program/programme-cree')).text).toContain('Un programme créé');
    await expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('a rename: the new address serves the page, the old one redirects', async () => {
    const p = await program('/program/food-banks');
    await patch(p.id, { path: { alias: '/program/food-banks-renamed', langcode: 'en' } });
    const s = await settle(++builds);
    // A rename may change what other nodes' links resolve to: the whole content is fetched again.
    expect(s.lastBuild?.builder).toMatchObject({ builder: 'resident', changedOnly: false });
    expect((await served('/en/program/food-banks-renamed')).status).toBe(200);
    expect((await served('/en/program/food-banks')).text).toContain('/en/program/food-banks-renamed');
    await expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('a program moved to another category, and a featured flag changed', async () => {
    const p = await program('/program/food-banks-renamed');
    const other = await program('/program/home-support-services');
    await patch(p.id, {}, { field_program_categories: other.relationships.field_program_categories });
    let s = await settle(++builds);
    await expectLiveEqualsCold(s, 'resident');
    await patch(p.id, { field_featured: !(p.attributes.field_featured as boolean) });
    s = await settle(++builds);
    await expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('an unpublish, then a delete', async () => {
    const p = await program('/program/tele-care-811');
    await patch(p.id, { status: false });
    let s = await settle(++builds);
    expect((await served('/en/program/tele-care-811')).status).toBe(404);
    await expectLiveEqualsCold(s, 'resident');
    const gone = await program('/program/food-banks-renamed');
    await write('DELETE', `jsonapi/node/program/${gone.id}`);
    s = await settle(++builds);
    expect((await served('/en/program/food-banks-renamed')).status).toBe(404);
    await expectLiveEqualsCold(s, 'resident');
  }, 300_000);
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function whenBuilding() {
  for (let i = 0; i < 600; i++) {
    if ((await status()).building) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no build started');
}

describe('a renderer that fails: the full build makes the release, and it goes live', () => {
  it('killed in the middle of a build', async () => {
    const pid = (await status()).resident.pid!;
    expect(alive(pid)).toBe(true);
    // Stopped first, so the build is surely under way in it when it is killed.
    process.kill(pid, 'SIGSTOP');
    const p = await program('/program/home-support-services');
    await patch(p.id, { title: 'Home Support Services (renderer killed)' });
    await whenBuilding();
    process.kill(pid, 'SIGKILL');
    const s = await settle(++builds);
    expect(s.lastBuild?.result).toBe('success');
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'full',
      reason: expect.stringMatching(/process (had )?ended/),
    });
    expect((await served('/en/program/home-support-services')).text).toContain('(renderer killed)');
    // A new renderer came with the full build.
    expect(s.resident.pid).not.toBe(pid);
  }, 300_000);

  it('hung: killed at its time-out', async () => {
    const pid = (await status()).resident.pid!;
    process.kill(pid, 'SIGSTOP');
    const p = await program('/program/home-support-services');
    await patch(p.id, { title: 'Home Support Services (renderer hung)' });
    const s = await settle(++builds);
    expect(s.lastBuild?.result).toBe('success');
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'full',
      reason: expect.stringContaining('did not answer within 20 s'),
    });
    expect((await served('/en/program/home-support-services')).text).toContain('(renderer hung)');
    expect(alive(pid)).toBe(false);
  }, 300_000);

  it('then the next edit is the new renderer’s, equal to a cold build', async () => {
    const p = await program('/program/home-support-services');
    await patch(p.id, { title: 'Home Support Services (renderer back)' });
    const s = await settle(++builds);
    await expectLiveEqualsCold(s, 'resident');
  }, 300_000);
});

describe('a change of what pages are made by', () => {
  it('a setting the pages render changed: the full build re-renders everything', async () => {
    process.env.MAP_TILE_ATTRIBUTION = 'Tiles: a test attribution';
    try {
      const p = await program('/program/home-support-services');
      await patch(p.id, { title: 'Home Support Services (settings changed)' });
      const s = await settle(++builds);
      expect(s.lastBuild?.builder).toMatchObject({ builder: 'full', reason: 'the build settings changed' });
      expect((await served('/en/map/nursing-homes')).text).toContain('Tiles: a test attribution');
      await expectLiveEqualsCold(s, 'full');
    } finally {
      delete process.env.MAP_TILE_ATTRIBUTION;
    }
  }, 300_000);
});
