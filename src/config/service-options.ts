// From the environment to each process's typed options in one step: one zod schema per process,
// the service's settings (./service.ts, each feature's from its seam) with a `.transform` that
// yields the options that process takes: `npm run serve` (startServer's, and its banner), the
// publisher (`npm run publisher`), `npm run outbox` and `npm run backup` (the database), and
// `npm run rollback` (the releases). The transforms share the pieces below; a setting another one
// requires is refused by name like a bad value. Each feature turns its own settings into its
// options (its server/feature.ts, listed in src/service/features.ts).
import path from 'node:path';
import { z } from 'zod';
import { FEATURES, type FeatureOptions } from '../service/features.ts';
import type { PublisherProcessOptions } from '../service/publishing/publisher-process-options.ts';
import type { PublishingOptions, ServerOptions } from '../service/server-options.ts';
import { serviceSchema, type ServiceConfig } from './service.ts';
import { ConfigError, parseSettings, withoutEmpty, type Environment } from './settings.ts';

const MB = 1024 * 1024;

/** CORS only when the site is served from another origin than the intake service. */
function crossOrigin(config: ServiceConfig): string | undefined {
  if (!config.INTAKE_URL || !config.SITE_URL) return undefined;
  const site = new URL(config.SITE_URL).origin;
  return new URL(config.INTAKE_URL).origin !== site ? site : undefined;
}

/** A setting another one requires, refused by name (the messages of a bad value). */
class MissingSetting extends Error {
  readonly setting: string;
  constructor(setting: string, why: string) {
    super(`required ${why}`);
    this.setting = setting;
  }
}

function previewOf(config: ServiceConfig, root: string): ServerOptions['preview'] {
  if (!config.PREVIEW_TOKEN) return undefined;
  if (!config.CMS_URL)
    throw new MissingSetting('CMS_URL', 'with PREVIEW_TOKEN (the CMS the preview reads drafts from)');
  return {
    dir: path.resolve(root, config.PREVIEW_DIR),
    token: config.PREVIEW_TOKEN,
    cmsUrl: config.CMS_URL,
    cmsUser: config.CMS_USER,
    cmsPassword: config.CMS_PASSWORD,
    memoryMb: config.PREVIEW_MEMORY_MB,
    maxResponseBytes: config.CMS_MAX_RESPONSE_MB * MB,
  };
}

/** How the publisher builds (the same on an intake node that starts it and on `npm run publisher`). */
const buildsOf = (config: ServiceConfig) => ({
  command: config.PUBLISH_COMMAND,
  timeoutMs: config.PUBLISH_TIMEOUT_SECONDS * 1000,
  allowDrop: config.PUBLISH_ALLOW_DROP,
  resident: config.PUBLISH_RESIDENT && {
    timeoutMs: config.PUBLISH_RESIDENT_TIMEOUT_SECONDS * 1000,
    hangMs: config.PUBLISH_RESIDENT_HANG_SECONDS * 1000,
    reconcileEvery: config.PUBLISH_RECONCILE_EVERY,
    memoryMb: config.PUBLISH_RESIDENT_MEMORY_MB,
  },
});

const needsToken = (why: string) =>
  new MissingSetting('PUBLISHER_TOKEN', `${why} (the token between the intake nodes and the publisher)`);

/** The publisher run apart (PUBLISHER_URL), or none: the intake node starts its own. */
function publisherOf(config: ServiceConfig): PublishingOptions['publisher'] {
  if (!config.PUBLISHER_URL) return undefined;
  if (!config.PUBLISHER_TOKEN) throw needsToken('with PUBLISHER_URL');
  let url = config.PUBLISHER_URL;
  while (url.endsWith('/')) url = url.slice(0, -1); // a loop: `/\/+$/` is quadratic on many slashes
  return { url, token: config.PUBLISHER_TOKEN };
}

const databaseOf = (config: ServiceConfig) => ({
  databaseUrl: config.DATABASE_URL,
  database: {
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  },
});

/** `npm run publisher`: its own settings, from the same configuration as the intake nodes'. */
function publisherProcessOptionsOf(config: ServiceConfig, root: string): PublisherProcessOptions {
  if (!config.PUBLISHER_TOKEN) throw needsToken('by npm run publisher');
  return {
    root,
    releasesDir: path.resolve(root, config.RELEASES_DIR),
    distDir: path.resolve(root, config.DIST_DIR),
    ...buildsOf(config),
    ...databaseOf(config),
    host: config.PUBLISHER_HOST,
    port: config.PUBLISHER_PORT,
    token: config.PUBLISHER_TOKEN,
    followsCallerEnv: false,
  };
}

/** Each feature's options, from its own settings. */
function featureOptions(config: ServiceConfig): Partial<FeatureOptions> {
  const options: Partial<FeatureOptions> = {};
  for (const feature of FEATURES) Object.assign(options, feature.optionsFrom?.(config));
  return options;
}

/** startServer's options; relative folders are taken from `root` (the project folder). */
function serverOptionsOf(config: ServiceConfig, root: string): ServerOptions {
  return {
    port: config.PORT,
    host: config.HOST,
    dataDir: path.resolve(root, config.DATA_DIR),
    ...databaseOf(config),
    root,
    site: { distDir: path.resolve(root, config.DIST_DIR), siteUrl: config.SITE_URL, frenchHost: config.FRENCH_HOST },
    intake: {
      publicUrl: config.INTAKE_URL,
      allowedOrigin: crossOrigin(config),
      trustProxy: config.TRUST_PROXY ?? [],
      encryptionKey: config.ENCRYPTION_KEY,
    },
    limits: {
      ...featureOptions(config),
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      timeouts: { requestTimeoutMs: config.REQUEST_TIMEOUT_MS },
    },
    forwarding: {
      webformUrl: config.WEBFORM_URL,
      auth: config.WEBFORM_USER ? `${config.WEBFORM_USER}:${config.WEBFORM_PASSWORD ?? ''}` : undefined,
      maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
      leaseMs: config.OUTBOX_LEASE_SECONDS * 1000,
    },
    publishing: config.WEBHOOK_SECRET
      ? {
          webhookSecret: config.WEBHOOK_SECRET,
          editorToken: config.EDITOR_TOKEN,
          releasesDir: path.resolve(root, config.RELEASES_DIR),
          ...buildsOf(config),
          publisher: publisherOf(config),
        }
      : undefined,
    preview: previewOf(config, root),
    metricsToken: config.METRICS_TOKEN,
  };
}

/** The service's settings turned by `options` into a process's; a missing required setting is an issue on it. */
const processSchema = <T>(options: (config: ServiceConfig) => T) =>
  serviceSchema.transform((settings, ctx) => {
    try {
      return options(settings as ServiceConfig);
    } catch (error) {
      if (!(error instanceof MissingSetting)) throw error;
      ctx.addIssue({ code: 'custom', path: [error.setting], message: error.message });
      return z.NEVER;
    }
  });

/** startServer's options (what `npm run serve` starts, and what the tests start to run as it does). */
export const serverOptionsSchema = (root: string) => processSchema((config) => serverOptionsOf(config, root));

/**
 * startServer's options from settings parsed already (the publishing tests' support); a process
 * reads its environment through its schema instead.
 */
export function serverOptionsFrom(config: ServiceConfig, root: string): ServerOptions {
  try {
    return serverOptionsOf(config, root);
  } catch (error) {
    if (!(error instanceof MissingSetting)) throw error;
    throw new ConfigError(`Invalid configuration:\n  ${error.setting}: ${error.message}`);
  }
}

/** `npm run serve`: startServer's options, and what its banner says is on. */
export const serveSchema = (root: string) =>
  processSchema((config) => ({
    server: serverOptionsOf(config, root),
    banner: {
      cmsUrl: config.CMS_URL,
      webhook: Boolean(config.WEBHOOK_SECRET),
      publisherUrl: config.PUBLISHER_URL,
      editorToken: Boolean(config.EDITOR_TOKEN),
      preview: Boolean(config.PREVIEW_TOKEN),
      webformUrl: config.WEBFORM_URL,
    },
  }));

/** `npm run publisher`. */
export const publisherSchema = (root: string) => processSchema((config) => publisherProcessOptionsOf(config, root));

/** `npm run outbox` and `npm run backup`: the service's database (and DATA_DIR). */
export const databaseSchema = (root: string) =>
  processSchema((config) => ({ dataDir: path.resolve(root, config.DATA_DIR), ...databaseOf(config) }));

/** `npm run rollback`: the releases folder. */
export const releasesSchema = (root: string) =>
  processSchema((config) => ({ releasesDir: path.resolve(root, config.RELEASES_DIR) }));

/**
 * A process's options from `env` (an empty variable counts as unset), or a ConfigError naming each
 * bad setting (values not shown: several are secrets).
 */
export const optionsFrom = <T extends z.ZodType>(schema: T, env: Environment = process.env): z.output<T> =>
  parseSettings(schema, withoutEmpty(env));
