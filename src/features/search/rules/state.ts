// What the search page loads, /search-index.json: the base index (a folder of the site), the
// delta index of the pages changed since it (or none), and the base's results to hide (pages
// changed or removed since; Pagefind result ids). The publisher replaces it in one rename when a
// release goes live, so a reader gets one consistent set; the search page falls back to
// /pagefind/ alone when it is missing (a site built and served without the publisher).
export const SEARCH_STATE_FILE = 'search-index.json';

export interface SearchState {
  /** Folder of the base index, with slashes: `/pagefind…/` (only such names are accepted). */
  base: string;
  delta: string | null;
  /**
   * The languages the delta holds. Pagefind answers a language an index lacks with its largest
   * one, so a French reader merging an English-only delta would get English results.
   */
  deltaLanguages: string[];
  hidden: string[];
}

export function searchState(
  baseFolder: string,
  delta: { folder: string; languages: string[] } | null = null,
  hidden: string[] = [],
): SearchState {
  return {
    base: `/${baseFolder}/`,
    delta: delta ? `/${delta.folder}/` : null,
    deltaLanguages: delta ? [...delta.languages].sort() : [],
    hidden: [...hidden].sort(),
  };
}

/** A state read from the network, or null when it is not one (then the page uses /pagefind/). */
export function parseSearchState(value: unknown): SearchState | null {
  const v = value as Partial<SearchState> | null;
  const folder = (f: unknown) => typeof f === 'string' && /^\/pagefind[\w-]*\/$/.test(f);
  if (!v || !folder(v.base) || !(v.delta === null || folder(v.delta))) return null;
  const strings = (list: unknown) => Array.isArray(list) && list.every((x) => typeof x === 'string');
  if (!strings(v.hidden) || !strings(v.deltaLanguages ?? [])) return null;
  return { base: v.base!, delta: v.delta ?? null, deltaLanguages: v.deltaLanguages ?? [], hidden: v.hidden };
}
