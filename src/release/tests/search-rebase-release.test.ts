// Item 2: a release, once live, is never written again, not even by its own search. When an edit
// makes the search delta large, the new base is built after going live into a release of its own
// (hard links of the live release's files plus the new base), which then goes live; the release
// the edit made live keeps its files and its search state as they were.
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPublisher, type BuildRecord, type Publisher } from '../publisher/publisher.ts';

const root = path.resolve(import.meta.dirname, '../../..');
let publisher: Publisher | undefined;
afterAll(() => publisher?.close());

const searchState = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, 'site', 'search-index.json'), 'utf8')) as {
    base: string;
    delta: string | null;
  };

describe('a search base rebuilt after going live', () => {
  it('goes into a new release; the release that went live is not written', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'rebase-'));
    const buildEnv: Record<string, string> = { CMS_URL: '' };
    publisher = createPublisher({
      root,
      releasesDir,
      cacheDir: path.join(releasesDir, '.cache'),
      buildEnv,
      log: () => {},
    });
    publisher.trigger('first');
    await publisher.idle();
    const first = await publisher.status();
    expect(first.lastBuild?.result, first.lastBuild?.error ?? '').toBe('success');

    // Hundreds of new program pages: the delta passes its bound (deltaTooLarge).
    buildEnv.LOCAL_CMS_SCALE = '120';
    publisher.trigger('many new programs');
    await publisher.idle();
    const s = await publisher.status();
    expect(s.lastBuild?.result, s.lastBuild?.error ?? '').toBe('success');
    const built = s.lastBuild!.id;
    const rebased = (s.lastBuild as BuildRecord).search?.rebasedIn;
    expect(rebased).toBeTruthy();
    expect(s.currentRelease).toBe(rebased);
    expect(s.releases).toEqual([first.currentRelease, built, rebased]);

    const builtDir = path.join(releasesDir, built);
    const rebasedDir = path.join(releasesDir, rebased!);
    // The release the edit made live: its delta state, no folder added after it went live.
    expect((await searchState(builtDir)).delta).toBeTruthy();
    expect((await readdir(path.join(builtDir, 'site'))).filter((n) => n.includes('rebased'))).toEqual([]);
    expect((await stat(path.join(builtDir, 'site')).then((i) => i.mode)) & 0o222).toBe(0);
    // The new release: the new base, no delta, and the same page files (links, not copies).
    expect(await searchState(rebasedDir)).toMatchObject({ base: `/pagefind-${rebased}-rebased/`, delta: null });
    const page = 'site/en/home.html';
    expect((await stat(path.join(rebasedDir, page))).ino).toBe((await stat(path.join(builtDir, page))).ino);
    expect(
      (await stat(path.join(rebasedDir, 'site', `pagefind-${rebased}-rebased`, 'pagefind-entry.json'))).size,
    ).toBeGreaterThan(0);
  }, 600_000);
});
