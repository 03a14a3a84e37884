// Starts the intake service with the static site on one origin (what `npm run serve` runs).
import { serve, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { createIntakeApp } from './app.ts';
import type { IntakeConfig } from './deps.ts';
import { clientAddressResolver } from './client-address.ts';
import { prepareDataDir } from './data-dir.ts';
import { DEFAULT_TIMEOUTS, type Timeouts } from './limits.ts';
import { webformUrlProblem } from './outbox/webform-url.ts';
import { startForwarder } from './outbox/submission-forwarder.ts';
import { createWebformClient } from './outbox/webform-client.ts';
import { createSealer, loadEncryptionKey } from '../features/chb-registration/server/crypto.ts';
import { startApplicationForwarder } from '../features/chb-registration/server/application-forwarder.ts';
import { createUploadService } from '../features/chb-registration/server/uploads.ts';
import { DEFAULT_UPLOAD_QUOTA, type UploadQuota } from '../features/chb-registration/server/upload-quota.ts';
import { createHooksApp } from './publishing/hooks-app.ts';
import { createPublisher } from '../release/publisher/publisher.ts';
import { mountPreview, type PreviewOptions } from './preview.ts';
import { createStaticHandler } from './static.ts';
import { siteHeadersReader } from './site-headers.ts';
import { createTokenGuard } from './token-guard.ts';
import { openSqlite } from './storage/sqlite.ts';

export interface ServerOptions {
  port: number;
  host?: string;
  distDir: string;
  dataDir: string;
  webformUrl?: string | undefined;
  webformAuth?: string | undefined;
  allowedOrigin?: string | undefined;
  rateLimitPerMinute?: number;
  maxBodyBytes?: number;
  webhookSecret?: string | undefined;
  releasesDir?: string | undefined;
  publishCommand?: string | undefined;
  /** PUBLISH_TIMEOUT_SECONDS: longest a build process may run (default in publisher.ts). */
  publishTimeoutMs?: number;
  /** First retry delay of CMS forwarding (doubles each attempt). */
  forwardRetryMs?: number;
  /** OUTBOX_MAX_ATTEMPTS: attempts before a forwarding item is marked failed for a person. */
  forwardMaxAttempts?: number;
  /** How often the outboxes look for items put back in line by `npm run outbox` (default 30 s). */
  outboxPollMs?: number;
  root?: string;
  log?: (line: string) => void;
  /** ENCRYPTION_KEY: base64 of 32 bytes sealing SINs and dates of birth (development: DATA_DIR/encryption.key). */
  encryptionKey?: string | undefined;
  /** Upload creations per client address and minute (tus POST). */
  uploadsPerMinute?: number;
  /** UPLOADS_QUOTA_MB, UPLOADS_CLIENT_QUOTA_MB, DATA_DIR_RESERVE_MB (defaults in upload-quota.ts). */
  uploadQuota?: Partial<UploadQuota>;
  /** How often unattached uploads older than 24 hours are deleted. */
  uploadCleanupIntervalMs?: number;
  maxApplicationBytes?: number;
  /** The clock of upload expiry (tests move it). */
  now?: () => number;
  /** FRENCH_HOST: `/` and unknown paths on this host go to the French pages (default: the env variable). */
  frenchHost?: string | undefined;
  /** Draft preview under /preview (off without a token): PREVIEW_TOKEN, the preview build, the CMS and its editor account. */
  preview?: PreviewOptions | undefined;
  /** SITE_URL: the site's public origin, whose plain form posts are accepted (besides the request's own host). */
  siteUrl?: string | undefined;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client (none by default). */
  trustProxy?: string[];
  /** EDITOR_TOKEN: a Bearer token that sees the publishing detail (besides the webhook secret). */
  editorToken?: string | undefined;
  /** Node's clocks for slow requests (whole request, headers). */
  timeouts?: Partial<Timeouts>;
}

export async function startServer(options: ServerOptions) {
  const log = options.log ?? ((line: string) => console.log(`[intake] ${line}`));
  if (options.webformUrl) {
    const problem = webformUrlProblem(options.webformUrl);
    if (problem) throw new Error(problem);
  }
  prepareDataDir(options.dataDir, log);
  const storage = openSqlite(options.dataDir);
  const config: IntakeConfig = {
    webformUrl: options.webformUrl,
    allowedOrigin: options.allowedOrigin,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 20,
    maxBodyBytes: options.maxBodyBytes ?? 16 * 1024,
    site: { siteUrl: options.siteUrl, frenchHost: options.frenchHost ?? process.env.FRENCH_HOST },
  };
  // One client of the CMS's webforms for both forwarders.
  const webform = options.webformUrl
    ? createWebformClient({ url: options.webformUrl, auth: options.webformAuth })
    : undefined;
  const outbox = webform
    ? startForwarder({
        storage,
        webform,
        log,
        baseDelayMs: options.forwardRetryMs,
        maxAttempts: options.forwardMaxAttempts,
        pollMs: options.outboxPollMs,
      })
    : undefined;
  const clientAddress = clientAddressResolver(options.trustProxy ?? []);
  const now = options.now ?? Date.now;
  const sealer = createSealer(loadEncryptionKey(options.encryptionKey, options.dataDir, log));
  const uploads = createUploadService({
    storage: storage.uploads,
    dataDir: options.dataDir,
    allowedOrigin: options.allowedOrigin,
    createsPerMinute: options.uploadsPerMinute ?? 60,
    quota: { ...DEFAULT_UPLOAD_QUOTA, ...options.uploadQuota },
    clientAddress,
    now,
    log,
  });
  const applicationOutbox = webform
    ? startApplicationForwarder({
        storage,
        webform,
        sealer,
        dataDir: options.dataDir,
        log,
        baseDelayMs: options.forwardRetryMs,
        maxAttempts: options.forwardMaxAttempts,
        pollMs: options.outboxPollMs,
      })
    : undefined;
  const cleanupTimer = setInterval(
    () => void uploads.cleanupExpired().catch((e: Error) => log(`uploads cleanup failed (${e.message})`)),
    options.uploadCleanupIntervalMs ?? 60 * 60_000,
  );
  cleanupTimer.unref();
  const app = new Hono<{ Bindings: HttpBindings }>();
  let siteRoot = () => options.distDir;
  const sitePage = async (relative: string) =>
    readFile(path.join(siteRoot(), ...relative.split('/').filter(Boolean)), 'utf8');
  // The live site's security headers, for the pages the service writes itself (form answers, preview).
  const siteHeaders = siteHeadersReader();
  // Wrong tokens per address, one count for the publishing page, the status detail and the preview.
  const guard = createTokenGuard(now);
  const api = createIntakeApp({
    storage,
    config,
    log,
    outbox,
    clientAddress,
    sitePage,
    siteHeaders: () => siteHeaders(siteRoot()),
    housing: {
      uploads,
      sealer,
      dataDir: options.dataDir,
      outbox: applicationOutbox,
      maxBodyBytes: options.maxApplicationBytes ?? 256 * 1024,
    },
  });
  app.route('/', api);

  let publisher: ReturnType<typeof createPublisher> | undefined;
  if (options.webhookSecret) {
    const releasesDir = path.resolve(options.releasesDir ?? 'releases');
    publisher = createPublisher({
      root: options.root ?? process.cwd(),
      releasesDir,
      cacheDir: path.join(releasesDir, '.cache'),
      publishCommand: options.publishCommand,
      ...(options.publishTimeoutMs ? { buildTimeoutMs: options.publishTimeoutMs } : {}),
      log,
    });
    await publisher.adopt(options.distDir);
    siteRoot = () => path.join(releasesDir, 'current', 'site');
    app.route(
      '/hooks',
      createHooksApp({
        publisher,
        secret: options.webhookSecret,
        editorToken: options.editorToken,
        guard,
        clientAddress,
        now,
      }),
    );
  }
  if (options.preview)
    await mountPreview(app, options.preview, { guard, clientAddress, siteHeaders: () => siteHeaders(siteRoot()) });
  const staticHandler = createStaticHandler(() => siteRoot(), {
    frenchHost: options.frenchHost ?? process.env.FRENCH_HOST,
  });
  app.get('*', (c) => staticHandler(c));
  app.on('HEAD', '*', (c) => staticHandler(c));

  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const s = serve(
      {
        fetch: app.fetch,
        port: options.port,
        hostname: host,
        // A body that trickles in (or never comes) is cut off; Node checks at this interval.
        serverOptions: {
          requestTimeout: timeouts.requestTimeoutMs,
          headersTimeout: Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs),
          connectionsCheckingInterval: Math.min(1000, timeouts.requestTimeoutMs),
        },
      },
      () => resolve(s),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    port,
    storage,
    /** Deletes unattached uploads older than 24 hours at `at` (default: the clock's now). */
    cleanupExpiredUploads: (at?: number) => uploads.cleanupExpired(at),
    uploadsDir: uploads.directory,
    close: () =>
      new Promise<void>((resolve) => {
        outbox?.stop();
        applicationOutbox?.stop();
        clearInterval(cleanupTimer);
        publisher?.close();
        server.close(() => {
          storage.close();
          resolve();
        });
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
