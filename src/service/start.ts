// Starts the intake service with the static site on one origin (what `npm run serve` runs).
import { serve, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { createIntakeApp } from './app.ts';
import { routesOutsideTable, SERVICE_PREFIXES } from '../site/rules/service-routes.ts';
import type { IntakeConfig } from './deps.ts';
import { clientAddressResolver, trustedPeerResolver } from './client-address.ts';
import { prepareDataDir } from './data-dir.ts';
import { checkDataDirIdentity } from './data-dir-identity.ts';
import { DEFAULT_TIMEOUTS } from './limits.ts';
import { noStoreByDefault } from './no-store.ts';
import { webformUrlProblem } from './outbox/webform-url.ts';
import { startForwarder } from './outbox/submission-forwarder.ts';
import { createWebformClient } from './outbox/webform-client.ts';
import { outsideRequest } from './outbox/outside-request.ts';
import { loadEncryptionKey } from './node-key.ts';
import { FEATURES, type FeatureHandles } from './features.ts';
import type { FeatureContext, FeatureGauge, FeatureRuntime } from './platform/feature.ts';
import { forgetOldIdempotencyKeys } from './idempotency.ts';
import { createHooksApp } from './publishing/hooks-app.ts';
import { forgetSharedDelivery, sharedDeliveries } from './publishing/deliveries.ts';
import { publisherClient, unavailableOnly, type PublishingBackend } from './publishing/publisher-client.ts';
import { environment, startPublisherChild } from './publishing/publisher-child.ts';
import { mountPreview, type PreviewContext } from './preview.ts';
import { createStaticHandler } from './static.ts';
import { siteHeadersReader } from './site-headers.ts';
import { createTokenGuard, type TokenGuard } from './token-guard.ts';
import { addressCounts, rateLimitSecret } from './rate-limit.ts';
import { openIntakeStorage } from './intake-storage.ts';
import { createLogger, type Logger } from './log/logger.ts';
import { errorText } from './log/error-text.ts';
import { requestLog } from './log/request-log.ts';
import { createIntakeMetrics, type IntakeMetrics } from './metrics/intake-metrics.ts';
import { mountMetrics } from './metrics/metrics-route.ts';
import type { PublishingOptions, ServerOptions } from './server-options.ts';

export type { ServerOptions } from './server-options.ts';

type Log = Logger;
type Storage = Awaited<ReturnType<typeof openIntakeStorage>>;
type App = Hono<{ Bindings: HttpBindings }>;

/** The periodic cleanup (idempotency keys older than a day, and each feature's: expired uploads, orphan application folders). */
function housekeepingOf(storage: Storage, features: readonly FeatureRuntime[], now: () => number) {
  return async (at = now()) => {
    const done: Record<string, unknown> = { idempotencyKeys: await forgetOldIdempotencyKeys(storage, at) };
    for (const feature of features) Object.assign(done, await feature.housekeeping?.(at));
    return done;
  };
}

/** The forms and the features (src/service/features.ts), with the submissions' outbox to the CMS (when WEBFORM_URL is set). */
function startIntake(
  options: ServerOptions,
  storage: Storage,
  log: Log,
  now: () => number,
  site: Pick<FeatureContext, 'sitePage' | 'siteHeaders'>,
) {
  const forwarding = options.forwarding ?? {};
  const limits = options.limits ?? {};
  const intake = options.intake ?? {};
  const webformUrl = forwarding.webformUrl;
  const retry = {
    baseDelayMs: forwarding.retryMs,
    maxAttempts: forwarding.maxAttempts,
    pollMs: forwarding.pollMs,
    leaseMs: forwarding.leaseMs,
  };
  // One client of the CMS's webforms for every outbox.
  const webform = webformUrl ? createWebformClient({ url: webformUrl, auth: forwarding.auth }) : undefined;
  const outbox = webform
    ? startForwarder({ storage, webform, log: log.child({ component: 'outbox' }), ...retry })
    : undefined;
  const clientAddress = clientAddressResolver(intake.trustProxy ?? []);
  const secret = loadEncryptionKey(intake.encryptionKey, options.dataDir, log);
  // Every node has the one key: the nodes count each address under one database key.
  const counts = addressCounts(storage.rateLimits, rateLimitSecret(secret));
  const context: FeatureContext = {
    storage,
    dataDir: options.dataDir,
    log,
    now,
    secret,
    counts,
    clientAddress,
    allowedOrigin: intake.allowedOrigin,
    forwarding: webform && { webform, retry },
    submissions: { storage, forwarding: Boolean(webform), outbox: outsideRequest(outbox) },
    ...site,
  };
  const features = FEATURES.map((feature) => feature.start(context, limits));
  const housekeeping = housekeepingOf(storage, features, now);
  const cleanupTimer = setInterval(
    () =>
      void housekeeping().catch((e: Error) =>
        log.warn(`periodic cleanup failed (${errorText(e)})`, { component: 'uploads' }),
      ),
    intake.uploadCleanupIntervalMs ?? 60 * 60_000,
  );
  cleanupTimer.unref();
  const config: IntakeConfig = {
    allowedOrigin: intake.allowedOrigin,
    rateLimitPerMinute: limits.rateLimitPerMinute ?? 20,
    maxBodyBytes: limits.maxBodyBytes ?? 16 * 1024,
    site: { siteUrl: options.site.siteUrl, frenchHost: options.site.frenchHost },
  };
  const stop = () => {
    outbox?.stop();
    for (const feature of features) feature.stop?.();
    clearInterval(cleanupTimer);
  };
  return {
    config,
    clientAddress,
    counts,
    features,
    housekeeping,
    /** At start: what a stopped node left half done. */
    recover: () => Promise.all(features.map(async (feature) => feature.recover?.())),
    /** What the server exposes of its features. */
    handles: Object.assign({}, ...features.map((feature) => feature.handle)) as FeatureHandles,
    stop,
  };
}

/**
 * `/hooks`: the CMS webhook, the status and the editors' page, answered here and passed to the
 * publisher (its own process: PUBLISHER_URL, else a child this node starts); the live release in
 * RELEASES_DIR/current is served.
 */
async function mountPublishing(
  app: App,
  publishing: PublishingOptions,
  options: ServerOptions,
  shared: {
    log: Log;
    guard: TokenGuard;
    clientAddress: ReturnType<typeof clientAddressResolver>;
    now: () => number;
    storage: Storage;
  },
) {
  const releasesDir = path.resolve(publishing.releasesDir ?? 'releases');
  const child = publishing.publisher
    ? undefined
    : await startPublisherChild(
        {
          root: options.root ?? process.cwd(),
          releasesDir,
          distDir: options.site.distDir,
          command: publishing.command,
          timeoutMs: publishing.timeoutMs,
          allowDrop: publishing.allowDrop,
          resident: publishing.resident,
          databaseUrl: options.databaseUrl,
          database: options.database,
        },
        options.log ?? ((line) => void process.stdout.write(`${line}\n`)),
      );
  const publisher = publisherClient({
    ...(child ? { url: child.url, token: child.token, env: environment } : publishing.publisher!),
    // Said once when it stops answering and once when it is back (not per request).
    onChange: (answering, why) =>
      answering ? shared.log(why, { component: 'publish' }) : shared.log.warn(why, { component: 'publish' }),
  });
  app.route(
    SERVICE_PREFIXES.hooks,
    createHooksApp({
      publisher,
      secret: publishing.webhookSecret,
      editorToken: publishing.editorToken,
      guard: shared.guard,
      clientAddress: shared.clientAddress,
      now: shared.now,
      // The cookie's Secure from the service's public origin: a TLS proxy in front talks plain
      // HTTP to it, and may say nothing of its scheme.
      httpsOrigin: publicOriginIsHttps(options),
      // A signature is a delivery: the first node to store it publishes, a repeat anywhere is refused.
      firstDelivery: sharedDeliveries(shared.storage),
      forgetDelivery: forgetSharedDelivery(shared.storage),
    }),
  );
  return {
    publisher,
    releasesDir,
    siteRoot: path.join(releasesDir, 'current', 'site'),
    close: () => child?.close(),
  };
}

/** Whether the service's public origin (INTAKE_URL, else SITE_URL) is https. */
const publicOriginIsHttps = (options: ServerOptions) =>
  (options.intake?.publicUrl ?? options.site.siteUrl ?? '').startsWith('https:');

/** Listens with Node's clocks for slow requests: a body that trickles in (or never comes) is cut off. */
function listen(app: App, options: ServerOptions, host: string) {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.limits?.timeouts };
  return new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: options.port,
        hostname: host,
        serverOptions: {
          requestTimeout: timeouts.requestTimeoutMs,
          headersTimeout: Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs),
          connectionsCheckingInterval: Math.min(1000, timeouts.requestTimeoutMs),
        },
      },
      () => resolve(s),
    );
  });
}

/** The publisher's builds for the metrics; none while it does not answer (the rest is still scraped). */
const reachable = (publisher: PublishingBackend) => ({
  status: async () => (await publisher.status().catch(unavailableOnly)) ?? { building: false, queued: 0, history: [] },
});

/** GET /metrics (with METRICS_TOKEN, EDITOR_TOKEN or the webhook secret): what it reads at each scrape. */
function mountOperations(
  app: App,
  options: ServerOptions,
  view: {
    metrics: IntakeMetrics;
    storage: Storage;
    /** The features' folders (uploads). */
    folders: Array<{ name: string; path: string }>;
    /** The features' gauges (uploads in progress). */
    gauges: FeatureGauge[];
    /** Publishing, when on: its builds and its releases folder. */
    published: { publisher: PublishingBackend; releasesDir: string } | undefined;
    guard: TokenGuard;
    clientAddress: ReturnType<typeof clientAddressResolver>;
  },
) {
  const releasesDir = view.published?.releasesDir;
  const folders = [
    { name: 'data', path: options.dataDir },
    ...view.folders,
    ...(releasesDir ? [{ name: 'releases', path: releasesDir }] : []),
  ];
  mountMetrics(app, {
    tokens: [options.metricsToken, options.publishing?.webhookSecret, options.publishing?.editorToken],
    guard: view.guard,
    clientAddress: view.clientAddress,
    render: () =>
      view.metrics.render({
        storage: view.storage,
        gauges: view.gauges,
        builds: view.published && reachable(view.published.publisher),
        folders,
      }),
  });
}

/**
 * Every route mounted so far (all but the static site's fallback) lies under a prefix of the
 * service's route table: the site keeps exactly those addresses from content and from the
 * service worker (src/site/rules/owned-paths.ts), so a route outside it could be taken by a
 * vanity URL behind nginx. Thrown at start, not found in production.
 */
function refuseRoutesOutsideTable(app: App) {
  const stray = routesOutsideTable(app.routes);
  if (stray.length > 0)
    throw new Error(`Routes outside the service's route table (src/site/rules/service-routes.ts): ${stray.join(', ')}`);
}

/** The preview, the static site (after every other route) and the listening server. */
async function serveSite(app: App, options: ServerOptions, siteRoot: () => string, previewContext: PreviewContext) {
  const preview = options.preview ? await mountPreview(app, options.preview, previewContext) : undefined;
  refuseRoutesOutsideTable(app);
  const staticHandler = createStaticHandler(siteRoot, { frenchHost: options.site.frenchHost });
  app.get('*', (c) => staticHandler(c));
  app.on('HEAD', '*', (c) => staticHandler(c));
  return { preview, server: await listen(app, options, options.host ?? '127.0.0.1') };
}

/** The settings checked, the data folder prepared, and the database, refused (and closed) when it belongs to another data folder. */
async function openCheckedStorage(options: ServerOptions, log: Logger) {
  const problem = options.forwarding?.webformUrl && webformUrlProblem(options.forwarding.webformUrl);
  if (problem) throw new Error(problem);
  prepareDataDir(options.dataDir, log);
  const storage = await openIntakeStorage({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    database: options.database,
    owner: true,
  });
  await checkDataDirIdentity(storage, options.dataDir).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  return storage;
}

export async function startServer(options: ServerOptions) {
  const log = createLogger(options.log, { component: 'intake' });
  const storage = await openCheckedStorage(options, log);
  const now = options.now ?? Date.now;
  let siteRoot = () => options.site.distDir;
  const sitePage = async (relative: string) =>
    readFile(path.join(siteRoot(), ...relative.split('/').filter(Boolean)), 'utf8');
  // The live site's security headers, for the pages the service writes itself (form answers, preview).
  const siteHeaders = siteHeadersReader();
  const intake = startIntake(options, storage, log, now, { sitePage, siteHeaders: () => siteHeaders(siteRoot()) });
  await intake.recover();
  const app: App = new Hono<{ Bindings: HttpBindings }>();
  // Wrong tokens per address, one count for the publishing page, the status detail, the preview and /metrics.
  const guard = createTokenGuard(intake.counts, options.now);
  const { clientAddress, counts } = intake;
  // First: every request gets its id, its log line and its metrics.
  const metrics = createIntakeMetrics();
  const fromTrustedProxy = trustedPeerResolver(options.intake?.trustProxy ?? []);
  app.use('*', requestLog({ log, metrics, fromTrustedProxy }));
  app.use('*', noStoreByDefault);
  app.route('/', createIntakeApp({ storage, config: intake.config, log, clientAddress, counts }, intake.features));
  const published = options.publishing
    ? await mountPublishing(app, options.publishing, options, { log, guard, clientAddress, now, storage })
    : undefined;
  if (published) siteRoot = () => published.siteRoot;
  const folders = intake.features.flatMap((feature) => feature.folders ?? []);
  const gauges = intake.features.flatMap((feature) => feature.gauges ?? []);
  const view = { metrics, storage, folders, gauges, published, guard, clientAddress };
  mountOperations(app, options, view);
  const previewContext = {
    guard,
    clientAddress,
    siteHeaders: () => siteHeaders(siteRoot()),
    warn: (message: string) => log.warn(errorText(message), { component: 'preview' }),
  };
  const host = options.host ?? '127.0.0.1';
  // A start that fails from here on ends the publisher it started (a missing preview build, a
  // route outside the table, a port in use).
  const { preview, server } = await serveSite(app, options, () => siteRoot(), previewContext).catch(
    async (error: unknown) => {
      await published?.close();
      throw error;
    },
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log(`listening on http://${host}:${port}`);
  return {
    url: `http://${host}:${port}`,
    port,
    storage,
    ...intake.handles,
    /** The periodic cleanup at `at` (default: the clock's now): idempotency keys, uploads, orphan folders. */
    housekeeping: (at?: number) => intake.housekeeping(at),
    /** The route table (method, pattern), middleware included: what the tests walk. */
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    close: () =>
      new Promise<void>((resolve) => {
        intake.stop();
        preview?.close();
        const publisherEnded = Promise.resolve(published?.close());
        server.close(() => void publisherEnded.then(() => storage.close()).then(resolve, resolve));
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
