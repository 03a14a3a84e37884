// The resident renderer changes its content by delta, counted: a one-program edit fetches that
// node and its translation and nothing else (the build record's count and the local CMS's own
// request log agree); a delete event removes the page without fetching the site; a save whose
// webhook was lost is found by Drupal's `changed` filter, although the CMS's clock is ten minutes
// behind the publisher's (the filter's bound is read on the CMS's clock); webhooks naming a node
// that does not exist, a node of another type or a node never held change nothing, fetch nothing
// outside JSON:API and leave a note; and the periodic reconciliation's full fetch reports what the
// deltas missed (an unpublish whose webhook was lost).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseChecks, type Status } from './release-checks.ts';
import { copySharedFirstRelease } from './shared-first-release.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'delta' };
/**
 * Resident builds before the reconciliation's full build: the one that takes the shared first
 * release as the renderer's base, and the seven the tests below make.
 */
const RECONCILE_EVERY = 8;
let publishing: Publishing;
let checks: ReturnType<typeof releaseChecks>;
let builds = 0;

type Resident = { builder: 'resident'; nodesFetched: number; fetched: Record<string, number>; notes: string[] };
const resident = (s: Status) => {
  expect(s.lastBuild?.error ?? null).toBeNull();
  expect(s.lastBuild?.builder?.builder, JSON.stringify(s.lastBuild?.builder)).toBe('resident');
  return s.lastBuild!.builder as Resident;
};

/** What the CMS served and was asked since the last call. */
const cmsLog = () => ({ served: publishing.cms.takeServed(), reads: publishing.cms.takeReads() });
const ids = (served: Array<{ id: string }>) => [...new Set(served.map((s) => s.id))];

beforeAll(async () => {
  publishing = await startPublishing('resident-delta', {
    secret,
    auth,
    cmsClockOffsetMs: -10 * 60_000,
    env: { PUBLISH_RECONCILE_EVERY: String(RECONCILE_EVERY) },
    prepare: copySharedFirstRelease,
  });
  checks = releaseChecks(publishing, { secret, auth });
  // The run's first release is live: a webhook without a save starts the renderer, which fetches
  // the whole site once and takes that release as its base (no node is recent). Made from another
  // local CMS on another port: were an image's file name to depend on the CMS's address, its pages
  // would name images that release has not, and the full build would make this one; were a page's
  // props to hold the CMS's address (an image's), the renderer would make those pages again.
  await checks.webhook({ event: 'first' });
  const s = await checks.settle(++builds);
  expect(s.lastBuild?.builder).toMatchObject({ builder: 'resident', pages: 0 });
}, 600_000);

afterAll(async () => {
  await publishing?.close();
  if (publishing) await rm(publishing.work, { recursive: true, force: true });
});

describe('content by delta, counted', () => {
  it('a one-program edit fetches that program and its translation, nothing else', async () => {
    const p = await checks.program('/program/tele-care-811');
    cmsLog();
    await checks.patch(p.id, { title: 'Tele-Care 811 (delta)' });
    const s = await checks.settle(++builds);
    const note = resident(s);
    const { served, reads } = cmsLog();
    expect(note.fetched).toEqual({ programs: 2 });
    expect(note.nodesFetched).toBe(2);
    expect(served.map((r) => `${r.type} ${r.lang} ${r.id}`).sort()).toEqual([
      `node--program en ${p.id}`,
      `node--program fr ${p.id}`,
    ]);
    // Every read a listing of JSON:API narrowed to the delta: no whole collection, no link index.
    for (const read of reads) expect(read).toMatch(/^(\/fr)?\/jsonapi\/[a-z_]+\/[a-z_]+\?.*filter\[delta/);
    expect((await checks.served('/en/program/tele-care-811')).text).toContain('Tele-Care 811 (delta)');
  }, 300_000);

  it('a delete event removes the page, fetching only the programs that name it or link to it', async () => {
    const gone = await checks.program('/program/food-banks');
    const edited = await checks.program('/program/tele-care-811');
    // The programs that name it (a related program Drupal then calls `missing`) or link to it (by
    // its node id or its address, which resolve to nothing once it is gone).
    const nid = gone.attributes.drupal_internal__nid as number;
    const naming = new Set<string>();
    for (const prefix of ['', 'fr/']) {
      const all = (await (await fetch(`${publishing.cms.url}${prefix}jsonapi/node/program`)).json()) as {
        data: Array<{ id: string }>;
      };
      for (const p of all.data) {
        const text = JSON.stringify(p);
        if (p.id !== gone.id && [gone.id, `node/${nid}"`, '/program/food-banks"'].some((s) => text.includes(s)))
          naming.add(p.id);
      }
    }
    cmsLog();
    await checks.write('DELETE', `jsonapi/node/program/${gone.id}`);
    const s = await checks.settle(++builds);
    const note = resident(s);
    expect(note.notes).toEqual([]);
    expect((await checks.served('/en/program/food-banks')).status).toBe(404);
    // Only the programs that name it, and the program saved a moment ago (within the overlap).
    const { served } = cmsLog();
    const programs = ids(served.filter((r) => r.type === 'node--program'));
    expect(programs.filter((id) => !naming.has(id) && id !== edited.id)).toEqual([]);
    expect(programs).not.toContain(gone.id);
    expect(note.fetched.programs).toBe(served.filter((r) => r.type === 'node--program').length);
  }, 300_000);

  it('a save whose webhook was lost is found by the changed filter, on the CMS’s clock ten minutes behind', async () => {
    const missed = await checks.program('/program/home-support-services');
    const named = await checks.program('/program/tele-care-811');
    publishing.cms.dropWebhooks(true);
    await checks.patch(missed.id, { title: 'Home Support Services (no webhook)' });
    publishing.cms.dropWebhooks(false);
    cmsLog();
    await checks.patch(named.id, { title: 'Tele-Care 811 (second edit)' });
    const s = await checks.settle(++builds);
    const note = resident(s);
    expect(ids(cmsLog().served)).toEqual(expect.arrayContaining([missed.id, named.id]));
    expect(note.nodesFetched).toBeLessThan(20);
    expect((await checks.served('/en/program/home-support-services')).text).toContain('(no webhook)');
    expect((await checks.served('/en/program/tele-care-811')).text).toContain('(second edit)');
  }, 300_000);
});

describe('webhooks the delta does not follow', () => {
  it('a node that does not exist, a node of another type, a delete of a node never held: nothing changes, notes say so', async () => {
    const page = (await (await fetch(`${publishing.cms.url}jsonapi/node/page`)).json()) as {
      data: Array<{ id: string }>;
    };
    const cases = [
      { event: 'update', bundle: 'program', id: '00000000-0000-4000-8000-000000000000' },
      { event: 'update', bundle: 'program', id: page.data[0]!.id },
      { event: 'delete', bundle: 'program', id: '11111111-1111-4111-8111-111111111111' },
    ];
    const before = await checks.served('/en/program/tele-care-811');
    for (const event of cases) {
      cmsLog();
      await checks.webhook(event);
      const s = await checks.settle(++builds);
      const note = resident(s);
      // Only JSON:API listings narrowed to the delta were read: nothing by path, nothing elsewhere.
      for (const read of cmsLog().reads) expect(read).toMatch(/^(\/fr)?\/jsonapi\/[a-z_]+\/[a-z_]+\?.*filter\[delta/);
      expect(note.nodesFetched).toBeLessThan(20);
      if (event.event === 'delete')
        expect(note.notes).toEqual([
          `a delete of "program" ${event.id}, which the site does not hold: nothing removed`,
        ]);
    }
    expect((await checks.served('/en/program/tele-care-811')).text).toBe(before.text);
  }, 300_000);
});

describe('the periodic reconciliation', () => {
  it('reports what the deltas missed: an unpublish whose webhook was lost', async () => {
    const hidden = await checks.program('/program/home-support-services');
    publishing.cms.dropWebhooks(true);
    await checks.patch(hidden.id, { status: false });
    publishing.cms.dropWebhooks(false);
    // Not listed by the changed filter (published nodes only), so still live after a delta.
    await checks.webhook({ event: 'update' });
    let s = await checks.settle(++builds);
    resident(s);
    expect((await checks.served('/en/program/home-support-services')).status).toBe(200);
    // The resident builds so far: the reconciliation is due.
    expect(builds).toBe(RECONCILE_EVERY);
    await checks.webhook({ event: 'update' });
    s = await checks.settle(++builds);
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'full',
      reason: 'the periodic reconciliation',
      reconciliation: { compared: true, differences: 1, found: [`programs en/${hidden.id} should be gone`] },
    });
    expect((await checks.served('/en/program/home-support-services')).status).toBe(404);
  }, 600_000);
});
