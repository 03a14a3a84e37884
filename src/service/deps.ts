// What the intake service's API (app.ts) is given: storage, configuration, logging and the rate
// limits. Its own module so that the app and its callers don't import each other.
import type { SiteOrigins } from './form-origin.ts';
import type { Logger } from './log/logger.ts';
import type { AddressCounts } from './rate-limit.ts';
import type { Storage } from './storage/types.ts';

export interface IntakeConfig {
  allowedOrigin?: string | undefined;
  rateLimitPerMinute: number;
  maxBodyBytes: number;
  /** This site's origins, for plain form posts (SITE_URL, FRENCH_HOST; the request's own Host always counts). */
  site?: SiteOrigins | undefined;
}

export interface Deps {
  storage: Storage;
  config: IntakeConfig;
  log: Logger;
  clientAddress: (request: Request, env: unknown) => string;
  /** The rate limits' counters (keyed by HMAC, in the database). */
  counts: AddressCounts;
}
