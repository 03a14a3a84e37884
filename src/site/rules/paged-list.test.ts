import { describe, expect, it } from 'vitest';
import { listPageParams, listPages, pageAlternates } from './paged-list.ts';
import { listPagePath } from './paths.ts';

const items = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const path = (lang: string, page: number) => listPagePath(`/${lang}/programs`, page);

describe('a list in pages', () => {
  it('is one page up to the page size, then pages of it, each with the whole list’s count', () => {
    const pages = listPages(
      new Map([
        ['en', items(250, 'e')],
        ['fr', items(100, 'f')],
      ]),
      100,
    );
    expect(pages.map((p) => [p.lang, p.page, p.totalPages, p.otherPages, p.found, p.shown.length])).toEqual([
      ['en', 1, 3, 1, 250, 100],
      ['en', 2, 3, 1, 250, 100],
      ['en', 3, 3, 1, 250, 50],
      ['fr', 1, 1, 3, 100, 100],
    ]);
    expect(pages[2]!.shown[0]).toBe('e201');
    expect(pages.map(listPageParams)).toEqual([
      { lang: 'en' },
      { lang: 'en', page: '2' },
      { lang: 'en', page: '3' },
      { lang: 'fr' },
    ]);
  });

  it('has a first page in a language with nothing listed', () => {
    expect(listPages(new Map([['en', items(3, 'e')]]), 100).map((p) => [p.lang, p.shown.length])).toEqual([
      ['en', 3],
      ['fr', 0],
    ]);
  });

  it('names the other language’s page N only when that list is as long, in the languages’ order', () => {
    expect(path('en', 1)).toBe('/en/programs');
    expect(path('en', 2)).toBe('/en/programs/page/2');
    expect(pageAlternates({ lang: 'fr', page: 1, otherPages: 3 }, path)).toEqual({
      en: '/en/programs',
      fr: '/fr/programs',
    });
    expect(Object.keys(pageAlternates({ lang: 'fr', page: 2, otherPages: 3 }, path))).toEqual(['en', 'fr']);
    expect(pageAlternates({ lang: 'en', page: 3, otherPages: 2 }, path)).toEqual({ en: '/en/programs/page/3' });
  });
});
