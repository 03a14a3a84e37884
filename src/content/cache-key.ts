// Keys for Astro's incremental build (experimental.incrementalBuild): a page whose key and code
// are unchanged since the last build is copied from the cache instead of rendered again. A key
// covers everything a page renders from data: its props, and the build's public configuration
// (which is read at render time and so is not part of Astro's code hash), given by the build's
// session (src/content/build-session.ts).
import { createHash } from 'node:crypto';
import { buildSession } from './build-session.ts';

/** The page's key; none outside a build of src/release/build/run.ts (the page is always rendered). */
export function pageCacheKey(renderedData: unknown): string | undefined {
  const config = buildSession()?.pageKeyConfig;
  if (config === undefined) return undefined;
  return createHash('sha256').update(config).update(JSON.stringify(renderedData)).digest('base64url');
}
