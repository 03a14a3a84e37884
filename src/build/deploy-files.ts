// The files a build writes beside the published site (`<site>-deploy/`), read by the next build,
// the publisher and the static server: one name each.
import { readFile } from 'node:fs/promises';

/** Each file Astro wrote → its identity (scripts/build/release-delta.ts). */
export const RELEASE_FILES = 'release-files.json';
/** What a build from a previous release changed and removed, for the release checks. */
export const RELEASE_DELTA = 'release-delta.json';
/** The pages the search index holds (scripts/build/search-pages.ts). */
export const SEARCH_PAGES = 'search-pages.json';
/** The redirects the build kept (scripts/build/redirects.ts), for the static server and the next build. */
export const REDIRECTS = 'redirects.json';

/** A JSON file of a release, or null when it is missing or unreadable (an older release, a first build). */
export async function readJsonFile<T>(file: string): Promise<T | null> {
  // A parse error counts as unreadable too (a file cut short): the caller falls back as if it were missing.
  return readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as T)
    .catch(() => null);
}
