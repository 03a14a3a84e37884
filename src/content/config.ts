// Where the build reads content from: the build's session (src/content/build-session.ts) names
// the CMS, the local CMS scripts/build.ts started when the operator set no CMS_URL; the build
// never guesses a default on its own.
import { currentSiteEnv, siteEnv } from '../config/site-env.ts';
import { buildSession } from './build-session.ts';
import { createJsonApiClient, type JsonApiClient } from './jsonapi-client.ts';

export function cmsBaseUrl(): string {
  const value = buildSession()?.cmsUrl ?? currentSiteEnv().CMS_URL;
  if (!value) {
    throw new Error(
      'CMS_URL is not set: run the build through `npm run build`, which starts the local CMS when CMS_URL is unset.',
    );
  }
  try {
    return new URL(value).toString();
  } catch {
    throw new Error(`CMS_URL is not a valid URL: "${value}".`);
  }
}

/**
 * A CMS file's address for the build to fetch it from. The content names it by its path alone, so
 * a page's props do not change with the CMS's address (its image is served under a name of its
 * path: src/site/images/image-service.ts).
 */
export const cmsFileAddress = (filePath: string, cmsBase = cmsBaseUrl()): string =>
  new URL(filePath, cmsBase).toString();

let client: JsonApiClient | undefined;

export function cmsClient(): JsonApiClient {
  const env = siteEnv();
  client ??= createJsonApiClient({
    baseUrl: cmsBaseUrl(),
    retries: env.CMS_RETRIES,
    timeoutMs: env.CMS_TIMEOUT_SECONDS * 1000,
    maxResponseBytes: env.CMS_MAX_RESPONSE_MB * 1024 * 1024,
    maxPages: env.CMS_MAX_PAGES,
    maxRequests: env.CMS_MAX_REQUESTS,
    onRetry: (url, attempt, reason, delayMs) =>
      console.warn(`[cms] retry ${attempt} in ${delayMs} ms for ${url}: ${reason}`),
  });
  return client;
}
