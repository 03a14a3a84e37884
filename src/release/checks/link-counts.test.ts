// A release that removed files is checked from its changes when the live release's link counts
// show that no page left unread links a removed file; when one does, the release is read whole.
// The oracle for the counts moved on by a delta is a whole check of the same release.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRelease, type CheckResult } from './checks.ts';

const work = await mkdtemp(path.join(os.tmpdir(), 'link-counts-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const page = (links: string[], editor: string[] = []) =>
  `<!doctype html><title>x</title>${links.map((l) => `<a href="${l}">x</a>`).join('')}${editor
    .map((l) => `<p><a data-cms-link href="${l}">typed</a></p>`)
    .join('')}<img src="/_astro/a.webp" srcset="/_astro/a.webp 1x, /_astro/b.webp 2x">`;

const LIVE = {
  'en/home.html': page(['/en/program/a', '/en/program/b', '/en/category/c']),
  'en/category/c.html': page(['/en/home', '/en/program/a', '/en/program/b']),
  'en/program/a.html': page(['/en/home', '/en/category/c']),
  'en/program/b.html': page(['/en/home', '/en/program/a'], ['/en/program/d']),
  'en/program/d.html': page(['/en/home']),
  'fr/home.html': '<!doctype html><title>x</title><a href="/en/home" lang="en">English</a>',
  '_astro/a.webp': 'a',
  '_astro/b.webp': 'b',
};

async function write(dir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}

let n = 0;
/** The live release checked whole, and a new release made from it by `change` (its files changed and removed). */
async function fromLive(change: { write?: Record<string, string>; remove?: string[] }) {
  const live = path.join(work, `live-${++n}`);
  await write(live, LIVE);
  const first = await checkRelease(live, { requiredTypes: ['home'] });
  const next = path.join(work, `next-${n}`);
  await cp(live, next, { recursive: true });
  await write(next, change.write ?? {});
  for (const file of change.remove ?? []) await rm(path.join(next, file));
  return { live, first, next };
}

const changesOf = (
  live: string,
  first: CheckResult,
  change: { write?: Record<string, string>; remove?: string[] },
) => ({
  changed: Object.keys(change.write ?? {}),
  removed: change.remove ?? [],
  previousWarnings: first.warnings,
  previousFiles: first.files,
  previousLinks: { counts: first.linkCounts!, siteDir: live },
});

describe('the release checks of a release that removed files', () => {
  it('count the links of every page to each file on a whole check', async () => {
    const { first } = await fromLive({});
    expect(first.ok).toBe(true);
    expect(first.linkCounts).toEqual({
      'en/home.html': 5,
      'en/category/c.html': 2,
      'en/program/a.html': 3,
      'en/program/b.html': 2,
      // An editor's link names it too.
      'en/program/d.html': 1,
      // src once and each srcset candidate, on each of the five English pages.
      '_astro/a.webp': 10,
      '_astro/b.webp': 5,
    });
  });

  it('read only the changed pages when no page left unread links a removed one, and move the counts on', async () => {
    // b is deleted: the home and the category, which listed it, are made again without it.
    const change = {
      write: {
        'en/home.html': page(['/en/program/a', '/en/category/c']),
        'en/category/c.html': page(['/en/home', '/en/program/a']),
      },
      remove: ['en/program/b.html'],
    };
    const { live, first, next } = await fromLive(change);
    // A broken link planted in a page the delta does not name: read whole, the check would find it.
    await write(next, { 'en/program/a.html': page(['/en/home', '/en/nowhere']) });
    const result = await checkRelease(next, { requiredTypes: ['home'], changes: changesOf(live, first, change) });
    expect(result.problems).toEqual([]);
    expect(result.files).not.toContain('en/program/b.html');
    expect(result.pages).toBe(5);
    // The counts are those a whole check of the release makes (the planted link aside: it names no file).
    await write(next, { 'en/program/a.html': LIVE['en/program/a.html'] });
    expect(result.linkCounts).toEqual((await checkRelease(next, { requiredTypes: ['home'] })).linkCounts);
    // b's editor's link to d went with b.
    expect(result.linkCounts!['en/program/d.html']).toBeUndefined();
  });

  it('take a file removed and written again (a stub a page replaced) as changed, not gone', async () => {
    const change = { write: { 'en/program/b.html': page(['/en/home']) } };
    const { live, first, next } = await fromLive(change);
    await write(next, { 'en/program/a.html': page(['/en/home', '/en/nowhere']) });
    const changes = { ...changesOf(live, first, change), removed: ['en/program/b.html'] };
    const result = await checkRelease(next, { requiredTypes: ['home'], changes });
    expect(result.problems).toEqual([]);
    await write(next, { 'en/program/a.html': LIVE['en/program/a.html'] });
    expect(result.linkCounts).toEqual((await checkRelease(next, { requiredTypes: ['home'] })).linkCounts);
  });

  it('read the release whole when a page not read again links a removed page: the broken link blocks it', async () => {
    // a is deleted and only the home made again: the category, unchanged, still lists it.
    const change = {
      write: { 'en/home.html': page(['/en/program/b', '/en/category/c']) },
      remove: ['en/program/a.html'],
    };
    const { live, first, next } = await fromLive(change);
    const result = await checkRelease(next, { requiredTypes: ['home'], changes: changesOf(live, first, change) });
    expect(result.ok).toBe(false);
    expect(result.problems).toContain('broken internal link /en/program/a (on /en/category/c.html)');
  });

  it('read it whole when a removed image is still named by a srcset; an editor’s link to a removed page is a warning', async () => {
    const image = { remove: ['_astro/b.webp'] };
    const one = await fromLive(image);
    const gone = await checkRelease(one.next, {
      requiredTypes: ['home'],
      changes: changesOf(one.live, one.first, image),
    });
    expect(gone.problems).toContain('broken internal link /_astro/b.webp (on /en/category/c.html)');

    const typed = { remove: ['en/program/d.html'] };
    const two = await fromLive(typed);
    const warned = await checkRelease(two.next, {
      requiredTypes: ['home'],
      changes: changesOf(two.live, two.first, typed),
    });
    expect(warned.problems).toEqual([]);
    expect(warned.warnings).toEqual([
      expect.objectContaining({ page: '/en/program/b', target: '/en/program/d', linkText: 'typed' }),
    ]);
  });

  it('read it whole when the live release left no counts, counts that are not counts, or a page it had cannot be read', async () => {
    const change = { write: { 'en/home.html': page(['/en/category/c']) }, remove: ['en/program/d.html'] };
    const { live, first, next } = await fromLive(change);
    await write(next, { 'en/program/a.html': page(['/en/nowhere']) });
    const withoutCounts = { ...changesOf(live, first, change), previousLinks: undefined };
    const noCounts = await checkRelease(next, { requiredTypes: ['home'], changes: withoutCounts });
    expect(noCounts.problems).toContain('broken internal link /en/nowhere (on /en/program/a.html)');
    for (const counts of [[1, 2], { 'en/program/d.html': '0' }, { 'en/program/d.html': -1 }]) {
      const garbled = { ...changesOf(live, first, change), previousLinks: { counts: counts as never, siteDir: live } };
      const result = await checkRelease(next, { requiredTypes: ['home'], changes: garbled });
      expect(result.problems, JSON.stringify(counts)).toContain(
        'broken internal link /en/nowhere (on /en/program/a.html)',
      );
    }
    await rm(path.join(live, 'en/home.html'));
    const unreadable = await checkRelease(next, { requiredTypes: ['home'], changes: changesOf(live, first, change) });
    expect(unreadable.problems).toContain('broken internal link /en/nowhere (on /en/program/a.html)');
  });
});
