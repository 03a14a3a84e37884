// The resident renderer's releases equal a cold build, byte for byte: after the first release (a
// full build), each editor's change in the local CMS sends its signed webhook, the publisher's
// resident renderer renders the pages it touches into a release linked from the live one, and the
// release's files (pages, redirect stubs, compressed copies, headers; the search folders aside,
// src/release/tests/search-follows.test.ts covers them) are those of a cold static build of the same
// content. A renderer killed mid-build or hung is killed and the full build makes the release,
// which goes live; after the publisher restarts, the next edit is the new renderer's, from the
// live release (saved-hashes.ts); a change of the settings pages render from re-renders everything. The project is
// a clone where the service had published before (service-ran.ts): the renderer's server bundle it
// cached is the one these releases are rendered with.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants } from '../../../tests/e2e/support/processes.ts';
import { copyProject } from './project-copy.ts';
import { releaseChecks } from './release-checks.ts';
import { cachedBundles, publishedByTheService } from './service-ran.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'resident' };
let publishing: Publishing | undefined;
let checks: ReturnType<typeof releaseChecks>;
let builds = 0;
let copy = '';
beforeAll(async () => {
  copy = await copyProject('resident');
  await publishedByTheService(copy, { secret, auth });
  expect(await cachedBundles(copy)).toHaveLength(1);
  // A renderer whose process leaves the pings unanswered that long is hung (its test waits that long).
  publishing = await startPublishing('resident', {
    secret,
    auth,
    root: copy,
    env: { PUBLISH_RESIDENT_HANG_SECONDS: '5' },
  });
  checks = releaseChecks(publishing, { secret, auth });
  // The first release: the full build (and the renderer's content loaded before it).
  const first = await checks.program('/program/home-support-services');
  await checks.patch(first.id, { title: 'Home Support Services' });
  const s = await checks.settle(++builds);
  expect(s.lastBuild?.builder?.builder).toBe('full');
  // The renderer makes the next releases: no build process is kept waiting for them (warm-build.ts).
  expect(descendants(process.pid).filter((p) => p.command.includes('scripts/build.ts --wait'))).toEqual([]);
}, 600_000);

afterAll(async () => {
  await publishing?.close();
  if (publishing) await rm(publishing.work, { recursive: true, force: true });
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('the resident renderer makes releases equal to a cold build', () => {
  it('an edit', async () => {
    const p = await checks.program('/program/tele-care-811');
    await checks.patch(p.id, { title: 'Tele-Care 811 (edited)' });
    const s = await checks.settle(++builds);
    // An edit: the node and its translation fetched alone (and any saved within the overlap before),
    // into the live release's files linked once it went live (prelink.ts), before the edit came.
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'resident',
      fetched: { programs: expect.any(Number) },
      linkedAhead: true,
    });
    // Rendered with the bundle the service cached: the tests' renderer has the same code key.
    expect(await cachedBundles(copy)).toHaveLength(1);
    expect((await checks.served('/en/program/tele-care-811')).text).toContain('Tele-Care 811 (edited)');
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('a create (English only), then its translation added later', async () => {
    const model = await checks.program('/program/tele-care-811');
    const alias = '/program/resident-created-program';
    await checks.write('POST', 'jsonapi/node/program', {
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
    let s = await checks.settle(++builds);
    expect((await checks.served(`/en${alias}`)).text).toContain('A created program');
    await checks.expectLiveEqualsCold(s, 'resident');
    const created = await checks.program(alias);
    await checks.write('POST', 'fr/jsonapi/node/program', {
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
    s = await checks.settle(++builds);
    expect((await checks.served('/fr/program/programme-cree')).text).toContain('Un programme créé');
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('a rename: the new address serves the page, the old one redirects', async () => {
    const p = await checks.program('/program/food-banks');
    await checks.patch(p.id, { path: { alias: '/program/food-banks-renamed', langcode: 'en' } });
    const s = await checks.settle(++builds);
    // A rename changes an address: the node, the entries whose links resolve through it, and the redirects.
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'resident',
      fetched: { redirects: expect.any(Number) },
      linkedAhead: true,
    });
    expect((await checks.served('/en/program/food-banks-renamed')).status).toBe(200);
    expect((await checks.served('/en/program/food-banks')).text).toContain('/en/program/food-banks-renamed');
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('a program moved to another category, and a featured flag changed', async () => {
    const p = await checks.program('/program/food-banks-renamed');
    const other = await checks.program('/program/home-support-services');
    await checks.patch(p.id, {}, { field_program_categories: other.relationships.field_program_categories });
    let s = await checks.settle(++builds);
    await checks.expectLiveEqualsCold(s, 'resident');
    await checks.patch(p.id, { field_featured: !(p.attributes.field_featured as boolean) });
    s = await checks.settle(++builds);
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('an unpublish, then a delete', async () => {
    const p = await checks.program('/program/tele-care-811');
    await checks.patch(p.id, { status: false });
    let s = await checks.settle(++builds);
    expect((await checks.served('/en/program/tele-care-811')).status).toBe(404);
    await checks.expectLiveEqualsCold(s, 'resident');
    const gone = await checks.program('/program/food-banks-renamed');
    await checks.write('DELETE', `jsonapi/node/program/${gone.id}`);
    s = await checks.settle(++builds);
    expect((await checks.served('/en/program/food-banks-renamed')).status).toBe(404);
    await checks.expectLiveEqualsCold(s, 'resident');
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
    if ((await checks.status()).building) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no build started');
}

describe('a renderer that fails: the full build makes the release, and it goes live', () => {
  it('killed in the middle of a build', async () => {
    const pid = (await checks.status()).resident.pid!;
    expect(alive(pid)).toBe(true);
    // Stopped first, so the build is surely under way in it when it is killed.
    process.kill(pid, 'SIGSTOP');
    const p = await checks.program('/program/home-support-services');
    await checks.patch(p.id, { title: 'Home Support Services (renderer killed)' });
    await whenBuilding();
    process.kill(pid, 'SIGKILL');
    const s = await checks.settle(++builds);
    expect(s.lastBuild?.result).toBe('success');
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'full',
      reason: expect.stringMatching(/process (had )?ended/),
    });
    expect((await checks.served('/en/program/home-support-services')).text).toContain('(renderer killed)');
    // A new renderer came with the full build.
    expect(s.resident.pid).not.toBe(pid);
  }, 300_000);

  it('hung: killed when its pings go unanswered, long before the build’s time-out', async () => {
    const pid = (await checks.status()).resident.pid!;
    process.kill(pid, 'SIGSTOP');
    const p = await checks.program('/program/home-support-services');
    await checks.patch(p.id, { title: 'Home Support Services (renderer hung)' });
    const s = await checks.settle(++builds);
    expect(s.lastBuild?.result).toBe('success');
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'full',
      reason: expect.stringContaining('did not answer for 5 s (hung)'),
    });
    expect((await checks.served('/en/program/home-support-services')).text).toContain('(renderer hung)');
    expect(alive(pid)).toBe(false);
  }, 300_000);

  it('then the next edit is the new renderer’s, equal to a cold build', async () => {
    const p = await checks.program('/program/home-support-services');
    await checks.patch(p.id, { title: 'Home Support Services (renderer back)' });
    const s = await checks.settle(++builds);
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);
});

describe('the publisher restarted', () => {
  it('the new renderer takes the live release as its base: the next edit is its, a delete made while it was down included', async () => {
    const before = (await checks.status()).resident.pid;
    const gone = await checks.program('/program/disability-support-program');
    // Down: the delete's webhook finds no one.
    await publishing!.restart(() => checks.write('DELETE', `jsonapi/node/program/${gone.id}`));
    builds = 0;
    const p = await checks.program('/program/home-support-services');
    await checks.patch(p.id, { title: 'Home Support Services (after a restart)' });
    const s = await checks.settle(++builds);
    expect(s.lastBuild?.builder).toMatchObject({ builder: 'resident' });
    expect(s.resident.pid).not.toBe(before);
    expect((await checks.served('/en/program/home-support-services')).text).toContain('(after a restart)');
    expect((await checks.served('/en/program/disability-support-program')).status).toBe(404);
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);
});

describe('a change of what pages are made by', () => {
  it('a setting the pages render changed: the full build re-renders everything', async () => {
    process.env.MAP_TILE_ATTRIBUTION = 'Tiles: a test attribution';
    try {
      const p = await checks.program('/program/home-support-services');
      await checks.patch(p.id, { title: 'Home Support Services (settings changed)' });
      const s = await checks.settle(++builds);
      expect(s.lastBuild?.builder).toMatchObject({ builder: 'full', reason: 'the build settings changed' });
      expect((await checks.served('/en/map/nursing-homes')).text).toContain('Tiles: a test attribution');
      await checks.expectLiveEqualsCold(s, 'full');
    } finally {
      delete process.env.MAP_TILE_ATTRIBUTION;
    }
  }, 300_000);
});
