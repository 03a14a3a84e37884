// What the intake service's routes are given: storage, configuration, logging and the optional
// housing benefit services. Its own module so that routes and the app don't import each other.
import type { Sealer } from '../features/chb-registration/server/crypto.ts';
import type { UploadService } from '../features/chb-registration/server/uploads.ts';
import type { SiteOrigins } from './form-origin.ts';
import type { Logger } from './log/logger.ts';
import type { AddressCounts } from './rate-limit.ts';
import type { Storage } from './storage/types.ts';

export interface IntakeConfig {
  webformUrl?: string | undefined;
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
  outbox?: { wake: () => void } | undefined;
  clientAddress: (request: Request, env: unknown) => string;
  /** The rate limits' counters (keyed by HMAC, in the database). */
  counts: AddressCounts;
  /** Reads a page of the published site (for forms answered without JavaScript). */
  sitePage?: ((relativePath: string) => Promise<string | undefined>) | undefined;
  /** The published site's security headers, for those pages. */
  siteHeaders?: (() => Promise<Record<string, string>>) | undefined;
  /** Housing benefit uploads (tus) and applications. */
  registration?: ApplicationDeps | undefined;
}

export interface ApplicationDeps {
  uploads: UploadService;
  sealer: Sealer;
  dataDir: string;
  outbox?: { wake: () => void } | undefined;
  maxBodyBytes: number;
}
