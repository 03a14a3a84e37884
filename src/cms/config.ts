// Where the build reads content from. scripts/build.ts starts the local CMS and sets CMS_URL
// when the operator did not; the build never guesses a default on its own.
import { createJsonApiClient, type JsonApiClient } from './jsonapi-client.ts';

export function cmsBaseUrl(): string {
  const value = process.env.CMS_URL;
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

let client: JsonApiClient | undefined;

export function cmsClient(): JsonApiClient {
  client ??= createJsonApiClient({
    baseUrl: cmsBaseUrl(),
    retries: Number(process.env.CMS_RETRIES ?? 4),
    onRetry: (url, attempt, reason, delayMs) =>
      console.warn(`[cms] retry ${attempt} in ${delayMs} ms for ${url}: ${reason}`),
  });
  return client;
}
