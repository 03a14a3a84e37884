// /search-index.json is read by every search: anything but a state naming folders of this site is
// refused (the page then uses /pagefind/), so a tampered or cached-wrong file cannot make the page
// import a script from elsewhere.
import { describe, expect, it } from 'vitest';
import { parseSearchState, searchState } from './state.ts';

describe('search state', () => {
  it('reads back what the publisher writes', () => {
    const state = searchState('pagefind-1', { folder: 'pagefind-delta-2', languages: ['fr', 'en'] }, ['fr_b', 'en_a']);
    expect(state).toEqual({
      base: '/pagefind-1/',
      delta: '/pagefind-delta-2/',
      deltaLanguages: ['en', 'fr'],
      hidden: ['en_a', 'fr_b'],
    });
    expect(parseSearchState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(parseSearchState({ base: '/pagefind/', delta: null, hidden: [] })).toEqual({
      base: '/pagefind/',
      delta: null,
      deltaLanguages: [],
      hidden: [],
    });
  });

  it.each([
    ['another origin', { base: '//evil.example/', delta: null, hidden: [] }],
    ['an absolute URL', { base: 'https://evil.example/pf/', delta: null, hidden: [] }],
    ['a path out of the folder', { base: '/../', delta: null, hidden: [] }],
    ['a nested path', { base: '/a/b/', delta: null, hidden: [] }],
    ['a delta elsewhere', { base: '/pagefind/', delta: '//evil.example/', hidden: [] }],
    ['hidden ids that are not strings', { base: '/pagefind/', delta: null, hidden: [1] }],
    ['no hidden list', { base: '/pagefind/', delta: null }],
    ['languages that are not strings', { base: '/pagefind/', delta: null, hidden: [], deltaLanguages: [{}] }],
    ['not an object', 'pagefind'],
    ['null', null],
  ])('refuses %s', (_, value) => {
    expect(parseSearchState(value)).toBeNull();
  });
});
