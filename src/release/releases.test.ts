import { chmod, link, mkdir, mkdtemp, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRelease, linkTargets } from './checks/checks.ts';
import { createPublisher } from './publisher/publisher.ts';
import { currentReleaseId, listReleases, markComplete, pruneReleases, rollback, switchTo } from './releases.ts';

async function site(dir: string, pages: Record<string, string>) {
  for (const [file, html] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), html);
  }
}

describe('releases', () => {
  it('switches atomically, keeps five and rolls back to the previous one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'releases-'));
    const ids = [
      '20260101-000001',
      '20260101-000002',
      '20260101-000003',
      '20260101-000004',
      '20260101-000005',
      '20260101-000006',
      '20260101-000007',
    ];
    for (const id of ids) {
      await site(path.join(dir, id, 'site'), { 'index.html': id });
      await markComplete(dir, id, {});
      await switchTo(dir, id);
      await pruneReleases(dir);
    }
    expect(await currentReleaseId(dir)).toBe(ids[6]);
    expect(await listReleases(dir)).toEqual(ids.slice(2));
    expect(await readlink(path.join(dir, 'current'))).toBe(ids[6]);
    expect(await rollback(dir)).toEqual({ from: ids[6], to: ids[5] });
    expect(await currentReleaseId(dir)).toBe(ids[5]);
  });

  it('a complete release is read-only, files and folders, its links to the live release and symbolic links left as they are', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'releases-'));
    await site(path.join(dir, 'a', 'site'), { 'en/home.html': 'a', 'en/kept.html': 'kept' });
    await markComplete(dir, 'a', {});
    const kept = path.join(dir, 'a', 'site', 'en', 'kept.html');
    // The next release: a page of its own, one linked to the live release's, and a symbolic link
    // to a writable file outside it (chmod would follow it; the walk must not).
    await site(path.join(dir, 'b', 'site'), { 'en/home.html': 'b', 'fr/deep/page.html': 'b' });
    await link(kept, path.join(dir, 'b', 'site', 'en', 'kept.html'));
    const before = await stat(kept);
    const outside = path.join(dir, 'outside.txt');
    await writeFile(outside, 'not a release file');
    await symlink(outside, path.join(dir, 'b', 'site', 'en', 'outside.txt'));
    await site(path.join(dir, 'b', 'site-deploy'), { 'nginx.conf': '' });
    await chmod(path.join(dir, 'b', 'site', 'fr', 'deep', 'page.html'), 0o666);
    await markComplete(dir, 'b', {});
    const writable = async (p: string) => (await stat(p)).mode & 0o222;
    for (const p of [
      '',
      'site',
      'site/en',
      'site/fr/deep',
      'site/en/home.html',
      'site/fr/deep/page.html',
      'site-deploy/nginx.conf',
    ])
      expect(await writable(path.join(dir, 'b', p)), p).toBe(0);
    expect(await writable(outside)).not.toBe(0);
    const after = await stat(kept);
    expect([after.ino, after.mode, after.ctimeMs]).toEqual([before.ino, before.mode, before.ctimeMs]);
    await chmod(outside, 0o644);
  });

  it('refuses to roll back past the oldest release', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'releases-'));
    await site(path.join(dir, 'a', 'site'), { 'index.html': 'a' });
    await markComplete(dir, 'a', {});
    await switchTo(dir, 'a');
    await expect(rollback(dir)).rejects.toThrow(/No release older than a/);
  });
});

describe('release checks', () => {
  it('finds internal links in HTML', () => {
    expect(
      linkTargets('<a href="/en/home">x</a><a href="https://x">y</a><link rel="x" href="/fr/page/propos#top">'),
    ).toEqual(['/en/home', '/fr/page/propos']);
  });

  it('finds every candidate of a srcset, and a missing one blocks the release', async () => {
    const img =
      '<img src="/_astro/p_400.webp" srcset="/_astro/p_400.webp 400w,/_astro/p_800.webp  800w, https://x/y.webp 2x, //cdn/z.webp 3x">';
    expect(linkTargets(img)).toEqual(['/_astro/p_400.webp', '/_astro/p_400.webp', '/_astro/p_800.webp']);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'check-srcset-'));
    await site(dir, {
      'en/home/index.html': img,
      'fr/home/index.html': '<a href="/fr/home">accueil</a>',
      '_astro/p_400.webp': 'image',
    });
    const result = await checkRelease(dir, { requiredTypes: ['home'] });
    expect(result.problems).toEqual(['broken internal link /_astro/p_800.webp (on /en/home/index.html)']);
    await rm(dir, { recursive: true, force: true });
  });

  it('reports missing page types, broken links and a page-count drop', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'check-'));
    await site(dir, {
      'en/home/index.html': '<a href="/en/program/a">a</a><a href="/en/program/missing">m</a>',
      'en/program/a/index.html': '<a href="/en/home/">home</a>',
      'fr/home/index.html': '<a href="/fr/home">accueil</a>',
    });
    const result = await checkRelease(dir, { previousPages: 10, requiredTypes: ['home', 'program'] });
    expect(result.ok).toBe(false);
    expect(result.problems).toContain('missing page type "program" in fr');
    expect(result.problems).toContain('broken internal link /en/program/missing (on /en/home/index.html)');
    expect(result.problems.some((p) => p.startsWith('page count fell from 10 to 3'))).toBe(true);
    const allowed = await checkRelease(dir, { previousPages: 10, allowDrop: true, requiredTypes: ['home'] });
    expect(allowed.problems.some((p) => p.startsWith('page count'))).toBe(false);
  });
});

describe('publisher', () => {
  it('coalesces a burst of triggers into at most two builds and keeps the live release on failure', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'publisher-'));
    let builds = 0;
    let fail = false;
    const publisher = createPublisher({
      root: releasesDir,
      releasesDir,
      cacheDir: path.join(releasesDir, '.cache'),
      log: () => undefined,
      build: async (release) => {
        builds++;
        await new Promise((r) => setTimeout(r, 50));
        if (fail) throw new Error('CMS_URL unreachable');
        await site(release.siteDir, { 'en/home/index.html': 'x', 'fr/home/index.html': 'x' });
      },
    });
    for (let i = 0; i < 10; i++) publisher.trigger(`edit ${i}`);
    await publisher.idle();
    expect(builds).toBe(2);
    // home-only sites fail the page-type check: the live release must stay absent.
    const status = await publisher.status();
    expect(status.lastBuild?.result).toBe('failed');
    expect(status.lastBuild?.error).toMatch(/missing page type "program" in en/);
    expect(status.currentRelease).toBeNull();
    fail = true;
    publisher.trigger('again');
    await publisher.idle();
    expect((await publisher.status()).lastBuild?.error).toBe('CMS_URL unreachable');
  });
});
