// Item 2: a release, once live, is never written again, not even by its own search. When an edit
// makes the search delta large, the new base is built after going live into a release of its own
// (hard links of the live release's files plus the new base), which then goes live; the release
// the edit made live keeps its files and its search state as they were.
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPublisher, type BuildRecord, type Publisher } from '../publisher/publisher.ts';
import { copySharedFirstRelease } from './shared-first-release.ts';

const root = path.resolve(import.meta.dirname, '../../..');
let publisher: Publisher | undefined;
afterAll(() => publisher?.close());

const searchState = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, 'site', 'search-index.json'), 'utf8')) as {
    base: string;
    delta: string | null;
  };

let live = '';

describe('a search base rebuilt after going live', () => {
  it('goes into a new release; the release that went live is not written', async () => {
    // The run's first release of the snapshot is live.
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'rebase-'));
    await copySharedFirstRelease(releasesDir);
    const buildEnv: Record<string, string> = { CMS_URL: '' };
    publisher = createPublisher({
      root,
      releasesDir,
      cacheDir: path.join(releasesDir, '.cache'),
      buildEnv,
      log: () => {},
    });
    const first = await publisher.status();

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
    live = rebasedDir;
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

// The same release, at 120 programs per language: more than a page of a long list holds
// (src/site/rules/paged-list.ts): the all-programs list and the finder's no-JavaScript list.
describe('the long lists of a site with more programs than a page holds', () => {
  const page = (file: string) => readFile(path.join(live, 'site', file), 'utf8');
  const count = (html: string, item: string | RegExp) => html.split(item).length - 1;
  const found = (html: string) => Number(/<p role="status">(\d+) /.exec(html)?.[1]);
  const words = {
    en: { pageOf: 'Page 2 of 2', next: 'Next', first: 'First' },
    fr: { pageOf: 'Page 2 sur 2', next: 'Suivante', first: 'Première' },
  } as const;

  it('are in pages of a hundred, each with its pages’ links and its counterpart in the other language', async () => {
    for (const lang of ['en', 'fr'] as const) {
      const { pageOf, next, first } = words[lang];
      const other = lang === 'en' ? 'fr' : 'en';
      for (const [list, item] of [
        ['programs', '<li class="card"'],
        ['finder/programs', /<li data-astro-cid-\w+><h2/],
      ] as const) {
        const one = await page(`${lang}/${list}.html`);
        const two = await page(`${lang}/${list}/page/2.html`);
        expect(count(one, item), `${lang}/${list}`).toBe(100);
        expect(count(two, item), `${lang}/${list}/page/2`).toBeGreaterThan(0);
        expect(one).toContain(`<a href="/${lang}/${list}/page/2">${next}</a>`);
        expect(two).toContain(`<p>${pageOf}</p>`);
        expect(two).toContain(`<a href="/${lang}/${list}">${first}</a>`);
        expect(two).toMatch(new RegExp(`<title>[^<]*\\(${pageOf.replace('P', '[Pp]')}\\)`));
        expect(two).toContain(`hreflang="${other}-CA" href="http://127.0.0.1:4321/${other}/${list}/page/2"`);
      }
      // The all-programs list says the whole list's count on each page.
      const one = await page(`${lang}/programs.html`);
      const two = await page(`${lang}/programs/page/2.html`);
      expect(found(two)).toBe(found(one));
      expect(count(two, '<li class="card"')).toBe(found(one) - 100);
    }
  });
});
