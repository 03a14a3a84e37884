import { describe, expect, it } from 'vitest';
import { changedKeys, touchedPages, type ContentSnapshot, type IndexedEntry } from './page-index.ts';

const category = (lang: 'en' | 'fr', id: string) => ({ id, lang, alias: `/category/${id}`, slug: id });

function program(lang: 'en' | 'fr', n: number, extra: Partial<IndexedEntry> = {}): IndexedEntry {
  return {
    id: `p${n}`,
    lang,
    nid: n,
    kind: 'program',
    alias: `/program/p${n}`,
    slug: `p${n}`,
    title: `Program ${String(n).padStart(2, '0')}`,
    searchable: true,
    featured: false,
    programType: 'government',
    categories: [{ id: 'housing' }],
    related: [],
    mapType: null,
    finder: { relevant: [] },
    ...extra,
  };
}

/** 12 programs in English (three listing pages of housing), 10 in French; p3 names p1 as related. */
function site(): ContentSnapshot {
  const en = Array.from({ length: 12 }, (_, i) => program('en', i + 1, i === 2 ? { related: ['p1'] } : {}));
  const fr = Array.from({ length: 10 }, (_, i) => program('fr', i + 1));
  return {
    programs: [...en, ...fr],
    simplePages: [],
    complexPages: [],
    categories: [
      category('en', 'housing'),
      category('fr', 'housing'),
      category('en', 'health'),
      category('fr', 'health'),
    ],
    applicationButtons: [],
  };
}

function edit(s: ContentSnapshot, lang: string, id: string, change: (e: IndexedEntry) => IndexedEntry | null) {
  const programs = s.programs!.flatMap((e) =>
    e.lang === lang && e.id === id ? [change(e)].filter((x) => x !== null) : [e],
  );
  return { ...s, programs };
}

const sorted = (set: Set<string>) => [...set].sort();

describe('the dependency index (content to pages)', () => {
  it('an unchanged entry (the same object or equal JSON) touches nothing', () => {
    const s = site();
    expect(changedKeys(s.programs, s.programs)).toEqual([]);
    expect(
      changedKeys(
        s.programs,
        s.programs!.map((e) => ({ ...e })),
      ),
    ).toEqual([]);
    const none = touchedPages(s, { ...s, programs: s.programs!.map((e) => ({ ...e })) });
    expect([none.all, none.render.size, none.removed.size, none.redirects]).toEqual([null, 0, 0, false]);
  });

  it('an edit of the body touches its page, the one listing page that shows it, the gathering pages, and related blocks', () => {
    const s = site();
    const t = touchedPages(
      s,
      edit(
        s,
        'en',
        'p1',
        (e) => ({ ...e, featured: e.featured, kind: 'program', nid: 1, about: 'new' }) as IndexedEntry,
      ),
    );
    expect(t.all).toBeNull();
    expect(sorted(t.render)).toEqual(
      ['/en/home', '/en/program/p1', '/en/program/p3', '/en/programs', '/en/category/housing'].sort(),
    );
    expect(t.removed.size).toBe(0);
    expect(t.redirects).toBe(false);
    expect(sorted(t.search)).toEqual(['/en/program/p1']);
  });

  it('an edit on the last listing page touches that page only among the listings', () => {
    const s = site();
    const t = touchedPages(
      s,
      edit(s, 'en', 'p12', (e) => ({ ...e, description: 'x' }) as IndexedEntry),
    );
    expect([...t.render].filter((p) => p.includes('/category/'))).toEqual(['/en/category/housing/page/3']);
  });

  it('a rename removes the old page, renders the new one and the translation, redoes the redirects and reorders the listing', () => {
    const s = site();
    const t = touchedPages(
      s,
      edit(s, 'en', 'p2', (e) => ({ ...e, alias: '/program/renamed', slug: 'renamed', title: 'Zed' })),
    );
    expect(t.removed).toEqual(new Set(['/en/program/p2']));
    expect(t.render).toContain('/en/program/renamed');
    expect(t.render).toContain('/fr/program/p2');
    expect(t.render).toContain('/fr/home');
    expect(t.redirects).toBe(true);
    for (const p of ['/en/category/housing', '/en/category/housing/page/2', '/en/category/housing/page/3'])
      expect(t.render).toContain(p);
    // The page count did not change: the French listing is not touched.
    expect([...t.render].some((p) => p.startsWith('/fr/category/'))).toBe(false);
    expect(sorted(t.search)).toEqual(['/en/program/p2', '/en/program/renamed']);
  });

  it('an unpublish (or delete) that drops a listing page removes it and renders the other language’s listing', () => {
    const s = site();
    // 11 entries: pages 1..3 still (5 a page); drop two to reach 10 (two pages).
    const once = edit(s, 'en', 'p12', () => null);
    const t = touchedPages(
      once,
      edit(once, 'en', 'p1', () => null),
    );
    expect(t.removed).toEqual(new Set(['/en/program/p1', '/en/category/housing/page/3']));
    expect(t.render).toContain('/fr/category/housing');
    expect(t.render).toContain('/fr/category/housing/page/2');
    expect(t.render).toContain('/en/program/p3');
    expect(t.render).toContain('/en/home');
    expect(t.redirects).toBe(true);
    expect(t.search).toContain('/en/program/p1');
    const unpublished = touchedPages(
      s,
      edit(s, 'en', 'p5', (e) => ({ ...e, searchable: false })),
    );
    expect(unpublished.search).toEqual(new Set(['/en/program/p5']));
  });

  it('a create renders the new page, its listings whole, the translation’s switch and the redirects', () => {
    const s = site();
    const t = touchedPages(s, { ...s, programs: [...s.programs!, program('fr', 11)] });
    expect(t.render).toContain('/fr/program/p11');
    expect(t.render).toContain('/en/program/p11');
    expect(t.render).toContain('/fr/category/housing/page/3');
    expect(t.render).toContain('/fr/home');
    expect(t.redirects).toBe(true);
    expect(t.removed.size).toBe(0);
  });

  it('a program moved to another category renders both listings; a featured flag renders the home page', () => {
    const s = site();
    const moved = touchedPages(
      s,
      edit(s, 'en', 'p4', (e) => ({ ...e, categories: [{ id: 'health' }] })),
    );
    expect(moved.render).toContain('/en/category/health');
    expect(moved.render).toContain('/en/category/housing/page/3');
    // 11 programs left in housing: still three pages, none removed.
    expect(moved.removed.size).toBe(0);
    const featured = touchedPages(
      s,
      edit(s, 'en', 'p4', (e) => ({ ...e, featured: true })),
    );
    expect(featured.render).toContain('/en/home');
    expect(featured.redirects).toBe(false);
  });

  it('finder tags and map types touch the finder and map pages', () => {
    const s = site();
    const t = touchedPages(
      s,
      edit(s, 'fr', 'p1', (e) => ({ ...e, finder: { relevant: ['senior'] }, mapType: 'nursing_home' })),
    );
    for (const p of ['/fr/finder', '/fr/finder/programs', '/fr/map/nursing-homes']) expect(t.render).toContain(p);
  });

  it('a change the index does not follow (a category) asks for everything', () => {
    const s = site();
    const t = touchedPages(s, {
      ...s,
      categories: [...s.categories!.slice(1), { ...category('en', 'housing'), slug: 'x' }],
    });
    expect(t.all).toMatch(/^categories changed/);
  });

  it('an application button renders the programs it names', () => {
    const s = site();
    const button = { id: 'b1', lang: 'en' as const, alias: '', slug: '', programIds: ['p7'] };
    const t = touchedPages(s, { ...s, applicationButtons: [button] });
    expect(sorted(t.render)).toEqual(['/en/program/p7']);
  });
});
