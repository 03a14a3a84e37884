// The props hash: the same props in any key order are the same hash; what a page is given that JSON
// would lose (a Map, a Set) is refused rather than hashed as {}; the pages to make again follow.
import { describe, expect, it } from 'vitest';
import { changedPages, propsHash, stableJson } from './props-hash.ts';

describe('props hashes', () => {
  it('sorts the keys of every object, nested ones and those in arrays', () => {
    expect(stableJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"e":2,"f":1}]},"b":1}',
    );
    expect(propsHash('r', { lang: 'en' }, { b: 1, a: 2 })).toBe(propsHash('r', { lang: 'en' }, { a: 2, b: 1 }));
  });

  it('tells apart the route, the params and the props', () => {
    const base = propsHash('r', { lang: 'en' }, { a: 1 });
    expect(propsHash('s', { lang: 'en' }, { a: 1 })).not.toBe(base);
    expect(propsHash('r', { lang: 'fr' }, { a: 1 })).not.toBe(base);
    expect(propsHash('r', { lang: 'en' }, { a: 2 })).not.toBe(base);
  });

  it('hashes a frozen object (a content entry) by its content: equal entries, equal hashes; a new entry, a new hash', () => {
    const entry = (title: string) => Object.freeze({ id: 'a', title, categories: Object.freeze([{ id: 'c' }]) });
    const page = (e: object) => propsHash('r', { lang: 'en' }, { entries: [e], page: 1 });
    expect(page(entry('A'))).toBe(page(entry('A')));
    expect(page(entry('A'))).not.toBe(page(entry('B')));
    const kept = entry('A');
    expect(page(kept)).toBe(page(kept));
  });

  it('refuses a Map or a Set, which JSON would write as an empty object', () => {
    expect(() => stableJson({ m: new Map([['a', 1]]) })).toThrow(/Map or a Set/);
    expect(() => stableJson({ s: new Set([1]) })).toThrow(/Map or a Set/);
  });

  it('renders the changed and the added paths, removes the gone ones', () => {
    const before = new Map([
      ['/en/a', '1'],
      ['/en/b', '2'],
      ['/en/c', '3'],
    ]);
    const after = new Map([
      ['/en/a', '1'],
      ['/en/b', '9'],
      ['/en/d', '4'],
    ]);
    expect(changedPages(before, after)).toEqual({ render: new Set(['/en/b', '/en/d']), removed: new Set(['/en/c']) });
  });
});
