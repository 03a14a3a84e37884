// Keys for Astro's incremental build (experimental.incrementalBuild): a page whose key and code
// are unchanged since the last build is copied from the cache instead of rendered again. A key
// covers everything a page renders from data: its props, and the build's public configuration
// (which is read at render time and so is not part of Astro's code hash).
import { createHash } from 'node:crypto';
import { renderedSettings, siteEnv } from '../config/site-env.ts';

let configPart: string | undefined;

export function pageCacheKey(renderedData: unknown): string {
  const env = siteEnv();
  configPart ??= JSON.stringify([renderedSettings(env), env.PUBLIC_INTAKE_URL ?? '']);
  return createHash('sha256').update(configPart).update(JSON.stringify(renderedData)).digest('base64url');
}
