// The seam between the intake service and a feature: what a feature's server/feature.ts exports
// (its settings, its routes and forms, its background work) and what the service gives it when it
// starts. The service lists its features in src/service/features.ts; a feature's server code
// imports the service only through src/service/platform/ (the layering rules say so).
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { Logger } from '../log/logger.ts';
import type { RunnerOptions } from '../outbox/outbox.ts';
import type { WebformClient } from '../outbox/webform-client.ts';
import type { AddressCounts } from '../rate-limit.ts';
import type { AcceptedForm } from '../routes/form-route.ts';
import type { Submissions } from '../routes/submission-form.ts';
import type { MigrationFolders } from '../storage/migration-plan.ts';
import type { Storage } from '../storage/types.ts';

/** What the service gives a feature when it starts. */
export interface FeatureContext {
  storage: Storage;
  dataDir: string;
  log: Logger;
  now: () => number;
  /** The node's secret (ENCRYPTION_KEY, the same on every node: src/service/node-key.ts). */
  secret: Buffer;
  /** The rate limits' counters (keyed by HMAC, in the database). */
  counts: AddressCounts;
  clientAddress: (request: Request, env: unknown) => string;
  /** CORS: the site's origin when it is served from another origin than the service. */
  allowedOrigin?: string | undefined;
  /** The CMS's webforms and the outboxes' retry settings, when forwarding is on (WEBFORM_URL). */
  forwarding?: { webform: WebformClient; retry: Omit<RunnerOptions, 'log' | 'clock'> } | undefined;
  /** Where submissions (feedback, corrections) are stored and forwarded. */
  submissions: Submissions;
  /** Reads a page of the published site (for forms answered without JavaScript). */
  sitePage: (relativePath: string) => Promise<string | undefined>;
  /** The published site's security headers, for those pages. */
  siteHeaders: () => Promise<Record<string, string>>;
}

/** A started feature: what the service mounts, runs and stops. */
export interface FeatureRuntime {
  /** Routes with their own protocol (tus), before the API's CORS, rate limit and body limit. */
  ownRoutes?: (app: Hono) => void;
  /** The forms it accepts (src/service/routes/form-route.ts). */
  forms?: AcceptedForm[];
  /** At start: puts right what a node that stopped left half done. */
  recover?: () => Promise<void>;
  /** Part of the periodic cleanup at `at`: what it removed, by name. */
  housekeeping?: (at: number) => Promise<Record<string, unknown>>;
  /** Folders whose free space /metrics shows. */
  folders?: Array<{ name: string; path: string }>;
  /** Its gauges on /metrics, read at each scrape. */
  gauges?: FeatureGauge[];
  /** What the started server exposes of it (for operations scripts and tests). */
  handle?: object;
  stop?: () => void;
}

/** A gauge a feature shows on /metrics (its name starts with `intake_`). */
export interface FeatureGauge {
  name: string;
  help: string;
  read: () => Promise<number>;
}

export interface IntakeFeature<Options extends object = object> {
  name: string;
  /** Its settings (environment variables), listed in docs/configuration.md with the service's. */
  settings?: z.ZodObject;
  /**
   * Its own tables' migrations, applied with the platform's in one numbered sequence (by the
   * service and every tool that opens its database: src/service/intake-storage.ts).
   */
  migrations?: MigrationFolders;
  /** Its folders in DATA_DIR that a backup keeps with the database (`npm run backup`). */
  dataFolders?: string[];
  /** Its options from its parsed settings. */
  optionsFrom?(settings: Record<string, unknown>): Partial<Options>;
  start(context: FeatureContext, options: Partial<Options>): FeatureRuntime;
}
