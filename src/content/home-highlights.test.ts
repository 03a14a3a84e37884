import { describe, expect, it } from 'vitest';
import { homeHighlights } from './home-highlights.ts';
import type { CategoryEntry } from './types/category.ts';
import type { ListedEntry } from './types/listed.ts';

const category = (id: string) => ({ id }) as CategoryEntry;
const entry = (id: string, featured: boolean, categories: string[]) =>
  ({ id, featured, categories: categories.map((c) => ({ id: c })) }) as unknown as ListedEntry;

describe('homeHighlights', () => {
  it('tiles by English alias, then the first eight featured, then three per theme: each program once, in the listing’s order', () => {
    const listed = [
      entry('tile', true, ['a']),
      ...Array.from({ length: 10 }, (_, i) => entry(`featured-${i}`, true, ['a', 'b'])),
      ...Array.from({ length: 5 }, (_, i) => entry(`a-${i}`, false, ['a'])),
      entry('b-only', false, ['b']),
      ...Array.from({ length: 5000 }, (_, i) => entry(`rest-${i}`, false, ['c'])),
    ];
    const englishIds = new Map([['/program/disability-support-program', 'tile']]);
    const h = homeHighlights(listed, [category('a'), category('b'), category('c'), category('d')], englishIds);
    expect(h.tiles.map((e) => e.id)).toEqual(['tile']);
    expect(h.picks.map((e) => e.id)).toEqual(Array.from({ length: 8 }, (_, i) => `featured-${i}`));
    expect(h.themes.map((t) => [t.category.id, t.entries.map((e) => e.id)])).toEqual([
      // Featured programs not picked are the first in their themes; none is shown twice.
      ['a', ['featured-8', 'featured-9', 'a-0']],
      ['b', ['b-only']],
      ['c', ['rest-0', 'rest-1', 'rest-2']],
      ['d', []],
    ]);
  });
});
