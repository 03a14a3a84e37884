// The files a build writes beside the published site (`<site>-deploy/`), read by the next build,
// the publisher and the static server: one name each.
import { readFile } from 'node:fs/promises';

/** Each file Astro wrote → its identity (src/release/build/release-delta.ts). */
export const RELEASE_FILES = 'release-files.json';
/** What a build from a previous release changed and removed, for the release checks. */
export const RELEASE_DELTA = 'release-delta.json';
/** The pages the search index holds (src/release/search/search-pages.ts). */
export const SEARCH_PAGES = 'search-pages.json';
/** The redirects the build kept (src/release/redirects/write-redirects.ts), for the static server and the next build. */
export const REDIRECTS = 'redirects.json';

/**
 * A JSON file of a release, or null when it is missing (an older release, a first build). Every
 * writer writes whole (src/release/write-whole.ts), so a file that does not parse is a fault to see,
 * named in the error, not a missing file to fall back from.
 */
export async function readJsonFile<T>(file: string): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}).`);
  }
}
