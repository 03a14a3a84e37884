import { describe, expect, it } from 'vitest';
import {
  assetsIn,
  emptyIndex,
  parseIndex,
  titleOf,
  touched,
  withAsset,
  withinLimits,
  withoutPage,
  withPage,
  withPinned,
  type SavedPage,
} from './saved-pages.ts';

const saved = (path: string, openedAt: number, bytes = 1000, assets: string[] = []): SavedPage => ({
  path,
  title: path,
  lang: 'en',
  bytes,
  openedAt,
  assets,
});

describe('what a page needs', () => {
  it('finds the hashed assets its HTML names, once, and nothing else', () => {
    const html = `<link rel="stylesheet" href="/_astro/BaseLayout.Ab1.css"><script type="module" src="/_astro/page.X2.js"></script>
      <img src="/_astro/hero.1.webp" srcset="/_astro/hero.1.webp 400w, /_astro/hero.2.webp 800w">
      <a href="/en/home">home</a><link rel="icon" href="/favicon.svg"><img src="https://tiles.example/_astro/x.png">
      <link href="/_astro/BaseLayout.Ab1.css" rel="preload">`;
    expect(assetsIn(html)).toEqual([
      '/_astro/BaseLayout.Ab1.css',
      '/_astro/page.X2.js',
      '/_astro/hero.1.webp',
      '/_astro/hero.2.webp',
    ]);
  });
  it('titles a page without the site name, entities decoded', () => {
    expect(titleOf('<title>Home Support &amp; Care | Social Supports NB</title>', '/x')).toBe('Home Support & Care');
    expect(titleOf('<title>L&#8217;aide | Soutiens sociaux NB</title>', '/x')).toBe('L’aide');
    expect(titleOf('<title>A | B | Site</title>', '/x')).toBe('A | B');
    expect(titleOf('<p>no title</p>', '/en/x')).toBe('/en/x');
  });
});

describe('the bounds, oldest first out', () => {
  it('keeps at most the page count, dropping the pages opened longest ago', () => {
    let index = emptyIndex();
    for (let i = 0; i < 5; i++) index = withPage(index, saved(`/en/p${i}`, i));
    const { index: kept, droppedPages } = withinLimits(index, { pages: 3, bytes: 1e9 });
    expect(kept.pages.map((p) => p.path)).toEqual(['/en/p4', '/en/p3', '/en/p2']);
    expect(droppedPages.sort()).toEqual(['/en/p0', '/en/p1']);
  });

  it('counts the bytes of pages and of their assets, a shared asset once', () => {
    let index = emptyIndex();
    index = withPage(index, saved('/en/a', 1, 1000, ['/_astro/site.css', '/_astro/a.webp']));
    index = withPage(index, saved('/en/b', 2, 1000, ['/_astro/site.css']));
    index = withPage(index, saved('/en/c', 3, 1000, ['/_astro/site.css']));
    index = withAsset(index, null, '/_astro/site.css', 3000);
    index = withAsset(index, '/en/a', '/_astro/a.webp', 50_000);
    // 3000 (css) + 1000 + 1000 = 5000 for c and b; a needs 51,000 more.
    const { index: kept, droppedPages, droppedAssets } = withinLimits(index, { pages: 10, bytes: 10_000 });
    expect(kept.pages.map((p) => p.path)).toEqual(['/en/c', '/en/b']);
    expect(droppedPages).toEqual(['/en/a']);
    expect(droppedAssets).toEqual(['/_astro/a.webp']);
    expect(kept.assetBytes).toEqual({ '/_astro/site.css': 3000 });
  });

  it('keeps the offline pages’ assets whatever happens to the saved pages', () => {
    let index = withPinned(emptyIndex(), ['/_astro/site.css', '/_astro/site.css']);
    index = withAsset(index, null, '/_astro/site.css', 3000);
    index = withPage(index, saved('/en/a', 1, 1000, ['/_astro/a.js']));
    index = withAsset(index, '/en/a', '/_astro/a.js', 500);
    const { index: none, droppedAssets } = withinLimits({ ...index, pages: [] });
    expect(index.pinned).toEqual(['/_astro/site.css']);
    expect(droppedAssets).toEqual(['/_astro/a.js']);
    expect(none.assetBytes).toEqual({ '/_astro/site.css': 3000 });
  });

  it('drops a page bigger than the whole allowance rather than everything else', () => {
    let index = withPage(emptyIndex(), saved('/en/small', 1, 100));
    index = withPage(index, saved('/en/huge', 2, 5000));
    const { index: kept } = withinLimits(index, { pages: 10, bytes: 1000 });
    expect(kept.pages.map((p) => p.path)).toEqual(['/en/small']);
  });

  it('moves a page opened again to the front, keeping the assets it loaded', () => {
    let index = withPage(emptyIndex(), saved('/en/a', 1, 100, ['/_astro/a.css']));
    index = withAsset(index, '/en/a', '/_astro/chunk.js', 10);
    index = withPage(index, saved('/en/b', 2));
    index = touched(index, '/en/a', 3);
    expect(index.pages.map((p) => [p.path, p.openedAt])).toEqual([
      ['/en/a', 3],
      ['/en/b', 2],
    ]);
    expect(index.pages[0]!.assets).toEqual(['/_astro/a.css', '/_astro/chunk.js']);
    expect(touched(index, '/en/never', 4)).toEqual(index);
    index = withPage(index, saved('/en/a', 5, 100, ['/_astro/new.css']));
    expect(index.pages[0]!.assets).toEqual(['/_astro/new.css', '/_astro/a.css', '/_astro/chunk.js']);
  });

  it('forgets a page gone from the site, and its assets at the next bounds check', () => {
    let index = withPage(emptyIndex(), saved('/en/gone', 1, 100, ['/_astro/g.webp']));
    index = withAsset(index, '/en/gone', '/_astro/g.webp', 10);
    const { droppedAssets } = withinLimits(withoutPage(index, '/en/gone'));
    expect(droppedAssets).toEqual(['/_astro/g.webp']);
  });
});

describe('a stored index read back', () => {
  it('lists only pages of this site, never another address the offline page would link', () => {
    const pages = [
      'javascript:alert(1)',
      '//evil.example/en/x',
      'https://evil.example/en',
      '/en//evil.example',
      '/en\\x',
      '/en/program/x',
      '/fr',
    ].map((path) => saved(path, 1));
    expect(parseIndex({ pages, pinned: [], assetBytes: {} }).pages.map((p) => p.path)).toEqual([
      '/en/program/x',
      '/fr',
    ]);
  });

  it('counts anything but an index as empty, and leaves out damaged pages', () => {
    expect(parseIndex(null)).toEqual(emptyIndex());
    expect(parseIndex('x')).toEqual(emptyIndex());
    expect(parseIndex({ pages: 'x', pinned: [], assetBytes: {} })).toEqual(emptyIndex());
    const good = saved('/en/a', 1);
    expect(parseIndex({ pages: [good, { path: 1 }, null], pinned: ['/_astro/a', 3], assetBytes: {} })).toEqual({
      pages: [good],
      pinned: ['/_astro/a'],
      assetBytes: {},
    });
  });
});
