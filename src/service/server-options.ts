// What startServer takes, in groups: the site it serves, the intake's own settings, its limits,
// forwarding to the CMS, publishing and the preview. scripts/serve.ts fills them from the service's
// configuration (src/config/service.ts, through configured.ts); tests set only what they exercise.
import type { FeatureOptions } from './features.ts';
import type { Timeouts } from './limits.ts';
import type { PreviewOptions } from './preview.ts';

interface SiteOptions {
  /** DIST_DIR: the built site served (until publishing makes the live release the one). */
  distDir: string;
  /** SITE_URL: the site's public origin, whose plain form posts are accepted (besides the request's own host). */
  siteUrl?: string | undefined;
  /** FRENCH_HOST: `/` and unknown paths on this host go to the French pages. */
  frenchHost?: string | undefined;
}

interface IntakeOptions {
  /** INTAKE_URL: the service's own public origin when it is not the site's (then SITE_URL is). */
  publicUrl?: string | undefined;
  /** CORS: the site's origin when it is served from another origin than the service. */
  allowedOrigin?: string | undefined;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client (none by default). */
  trustProxy?: string[] | undefined;
  /** ENCRYPTION_KEY: base64 of 32 bytes sealing SINs and dates of birth (development: DATA_DIR/encryption.key). */
  encryptionKey?: string | undefined;
  /** How often unattached uploads older than 24 hours are deleted (default 1 hour). */
  uploadCleanupIntervalMs?: number;
}

/** The service's limits, and the features' own (src/service/features.ts). */
interface LimitOptions extends Partial<FeatureOptions> {
  /** RATE_LIMIT_PER_MINUTE: form posts per client address and minute (default 20). */
  rateLimitPerMinute?: number;
  /** Largest form body (default 16 KB). */
  maxBodyBytes?: number;
  /** REQUEST_TIMEOUT_MS: Node's clocks for slow requests (whole request, headers). */
  timeouts?: Partial<Timeouts>;
}

interface ForwardingOptions {
  /** WEBFORM_URL: the CMS's Webform endpoint base; no forwarding without it. */
  webformUrl?: string | undefined;
  /** `WEBFORM_USER:WEBFORM_PASSWORD`. */
  auth?: string | undefined;
  /** First retry delay (doubles each attempt). */
  retryMs?: number | undefined;
  /** OUTBOX_MAX_ATTEMPTS: attempts before an item is marked failed for a person. */
  maxAttempts?: number | undefined;
  /** OUTBOX_LEASE_SECONDS: how long a node holds the item it sends (renewed while sending). */
  leaseMs?: number | undefined;
  /** How often the outboxes look for items put back in line by `npm run outbox` (default 30 s). */
  pollMs?: number | undefined;
}

/** Publishing on the CMS webhook: on when given. */
export interface PublishingOptions {
  /** WEBHOOK_SECRET: HMAC secret of the CMS webhook. */
  webhookSecret: string;
  /** EDITOR_TOKEN: a Bearer token that sees the publishing detail (besides the webhook secret). */
  editorToken?: string | undefined;
  /** RELEASES_DIR (default `releases`). */
  releasesDir?: string | undefined;
  /** PUBLISH_COMMAND: run after each release goes live. */
  command?: string | undefined;
  /** PUBLISH_TIMEOUT_SECONDS: longest a build process may run (default in publisher.ts). */
  timeoutMs?: number | undefined;
  /** PUBLISH_ALLOW_DROP: a release with more than 10% fewer pages than the live one may go live. */
  allowDrop?: boolean | undefined;
  /** PUBLISH_RESIDENT, PUBLISH_RESIDENT_TIMEOUT_SECONDS, PUBLISH_RESIDENT_HANG_SECONDS, PUBLISH_RECONCILE_EVERY, PUBLISH_RESIDENT_MEMORY_MB (src/release/publisher/resident-builds.ts). */
  resident?:
    false | { timeoutMs: number; hangMs?: number; reconcileEvery: number; memoryMb?: number | undefined } | undefined;
  /** PUBLISHER_URL, PUBLISHER_TOKEN: the publisher run apart (`npm run publisher`); unset, the node starts its own as a child. */
  publisher?: { url: string; token: string } | undefined;
}

export interface ServerOptions {
  port: number;
  host?: string | undefined;
  /** DATA_DIR: submissions, uploads and the outbox (owner-only). */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL (`postgres://…`) instead of SQLite in DATA_DIR. */
  databaseUrl?: string | undefined;
  /** DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL only). */
  database?: { connectTimeoutMs?: number | undefined; statementTimeoutMs?: number | undefined } | undefined;
  site: SiteOptions;
  intake?: IntakeOptions | undefined;
  limits?: LimitOptions | undefined;
  forwarding?: ForwardingOptions | undefined;
  publishing?: PublishingOptions | undefined;
  /** Draft preview under /preview (off without it): PREVIEW_TOKEN, the preview build, the CMS and its editor account. */
  preview?: PreviewOptions | undefined;
  /** The project folder (publishing runs its build there; default the working directory). */
  root?: string | undefined;
  /** METRICS_TOKEN: a Bearer token for GET /metrics only (EDITOR_TOKEN and the webhook secret open it too). */
  metricsToken?: string | undefined;
  /** Where the log's JSON lines go (default: stdout, one per line). */
  log?: ((line: string) => void) | undefined;
  /** The clock of upload expiry and token lock-outs (tests move it). */
  now?: (() => number) | undefined;
}
