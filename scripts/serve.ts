// `npm run serve`: the built site and the intake service on http://127.0.0.1:${PORT:-4321}.
import path from 'node:path';
import { z } from 'zod';
import { parseEncryptionKey } from '../src/features/chb-registration/server/crypto.ts';
import { parseTrustProxy } from '../src/service/client-address.ts';
import { DataDirError } from '../src/service/data-dir.ts';
import { serveBanner } from './serve-banner.ts';
import { startServer } from '../src/service/start.ts';
import { webformUrlProblem } from '../src/service/outbox/webform-url.ts';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('127.0.0.1'),
  DIST_DIR: z.string().default('dist'),
  DATA_DIR: z.string().default('data'),
  // Carries SINs: https://, or http:// on a loopback address only.
  WEBFORM_URL: z
    .string()
    .url()
    .superRefine((v, ctx) => {
      const problem = webformUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^WEBFORM_URL /, '') });
    })
    .optional(),
  WEBFORM_USER: z.string().optional(),
  WEBFORM_PASSWORD: z.string().optional(),
  SITE_URL: z.string().url().optional(),
  INTAKE_URL: z.string().url().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  RELEASES_DIR: z.string().default('releases'),
  PUBLISH_COMMAND: z.string().optional(),
  PUBLISH_TIMEOUT_SECONDS: z.coerce.number().positive().default(1800),
  // Bearer token for editors: publishing detail (build output) besides the webhook secret.
  EDITOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Proxies (addresses, CIDRs, or loopback/linklocal/uniquelocal) whose X-Forwarded-For is believed.
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `${(error as Error).message} (a comma-separated list of addresses or CIDRs)`,
        });
        return z.NEVER;
      }
    })
    .optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(20),
  // Uploads quota in MB (src/features/chb-registration/server/upload-quota.ts): all, per client address, free-space reserve.
  UPLOADS_QUOTA_MB: z.coerce.number().int().min(1).default(2048),
  UPLOADS_CLIENT_QUOTA_MB: z.coerce.number().int().min(7).default(100),
  DATA_DIR_RESERVE_MB: z.coerce.number().int().min(0).default(512),
  // Draft preview (/preview/...): on only with PREVIEW_TOKEN; reads the CMS with the editor account.
  PREVIEW_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PREVIEW_DIR: z.string().default('dist-preview'),
  CMS_URL: z.string().url().optional(),
  CMS_USER: z.string().optional(),
  CMS_PASSWORD: z.string().optional(),
  // Seals SINs and dates of birth at rest; unset in development = a generated DATA_DIR/encryption.key.
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => {
      try {
        return parseEncryptionKey(v).length === 32;
      } catch {
        return false;
      }
    }, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
    .optional(),
});
const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!parsed.success) {
  console.error(
    `Invalid configuration:\n${parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`).join('\n')}`,
  );
  process.exit(1);
}
const env = parsed.data;
function failConfig(message: string): never {
  console.error(`Invalid configuration:\n  ${message}`);
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');
const server = await startServer({
  trustProxy: env.TRUST_PROXY ?? [],
  siteUrl: env.SITE_URL,
  forwardMaxAttempts: env.OUTBOX_MAX_ATTEMPTS,
  uploadQuota: {
    totalBytes: env.UPLOADS_QUOTA_MB * 1024 * 1024,
    perClientBytes: env.UPLOADS_CLIENT_QUOTA_MB * 1024 * 1024,
    reserveBytes: env.DATA_DIR_RESERVE_MB * 1024 * 1024,
  },
  editorToken: env.EDITOR_TOKEN,
  timeouts: { requestTimeoutMs: env.REQUEST_TIMEOUT_MS },
  port: env.PORT,
  host: env.HOST,
  distDir: path.resolve(root, env.DIST_DIR),
  dataDir: path.resolve(root, env.DATA_DIR),
  webformUrl: env.WEBFORM_URL,
  webformAuth: env.WEBFORM_USER ? `${env.WEBFORM_USER}:${env.WEBFORM_PASSWORD ?? ''}` : undefined,
  // CORS only when the site is served from another origin than the intake service.
  allowedOrigin:
    env.INTAKE_URL && env.SITE_URL && new URL(env.INTAKE_URL).origin !== new URL(env.SITE_URL).origin
      ? new URL(env.SITE_URL).origin
      : undefined,
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  webhookSecret: env.WEBHOOK_SECRET,
  releasesDir: path.resolve(root, env.RELEASES_DIR),
  publishCommand: env.PUBLISH_COMMAND,
  publishTimeoutMs: env.PUBLISH_TIMEOUT_SECONDS * 1000,
  preview: env.PREVIEW_TOKEN
    ? {
        dir: path.resolve(root, env.PREVIEW_DIR),
        token: env.PREVIEW_TOKEN,
        cmsUrl:
          env.CMS_URL ?? failConfig('CMS_URL: required with PREVIEW_TOKEN (the CMS the preview reads drafts from)'),
        cmsUser: env.CMS_USER,
        cmsPassword: env.CMS_PASSWORD,
      }
    : undefined,
  encryptionKey: env.ENCRYPTION_KEY,
  root,
}).catch((error: Error) => {
  // A refusal to start (DATA_DIR open to others, plain-HTTP WEBFORM_URL) is a message, not a stack.
  if (error instanceof DataDirError || /WEBFORM_URL/.test(error.message)) {
    console.error(`Refusing to start: ${error.message}`);
    process.exit(1);
  }
  throw error;
});
console.log(
  serveBanner({
    url: server.url,
    root,
    dataDir: path.resolve(root, env.DATA_DIR),
    distDir: path.resolve(root, env.DIST_DIR),
    cmsUrl: env.CMS_URL,
    webhook: Boolean(env.WEBHOOK_SECRET),
    editorToken: Boolean(env.EDITOR_TOKEN),
    preview: Boolean(env.PREVIEW_TOKEN),
    webformUrl: env.WEBFORM_URL,
  }),
);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
