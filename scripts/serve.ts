// `npm run serve`: the built site and the intake service on http://127.0.0.1:${PORT:-4321}.
import path from 'node:path';
import { z } from 'zod';
import { parseEncryptionKey } from '../src/server/housing/crypto.ts';
import { startServer } from '../src/server/start.ts';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('127.0.0.1'),
  DIST_DIR: z.string().default('dist'),
  DATA_DIR: z.string().default('data'),
  WEBFORM_URL: z.string().url().optional(),
  WEBFORM_USER: z.string().optional(),
  WEBFORM_PASSWORD: z.string().optional(),
  SITE_URL: z.string().url().optional(),
  INTAKE_URL: z.string().url().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  RELEASES_DIR: z.string().default('releases'),
  PUBLISH_COMMAND: z.string().optional(),
  EDITOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Draft preview (/preview/...): on only with PREVIEW_TOKEN; reads the CMS with the editor account.
  PREVIEW_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PREVIEW_DIR: z.string().default('dist-preview'),
  CMS_URL: z.string().url().optional(),
  CMS_USER: z.string().optional(),
  CMS_PASSWORD: z.string().optional(),
  // Seals SINs and dates of birth at rest; unset in development = a generated DATA_DIR/encryption.key.
  ENCRYPTION_KEY: z.string().refine((v) => {
    try {
      return parseEncryptionKey(v).length === 32;
    } catch {
      return false;
    }
  }, 'must be 32 random bytes in base64 (openssl rand -base64 32)').optional(),
});
const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!parsed.success) {
  console.error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`).join('\n')}`);
  process.exit(1);
}
const env = parsed.data;
function failConfig(message: string): never {
  console.error(`Invalid configuration:\n  ${message}`);
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');
const server = await startServer({
  port: env.PORT,
  host: env.HOST,
  distDir: path.resolve(root, env.DIST_DIR),
  dataDir: path.resolve(root, env.DATA_DIR),
  webformUrl: env.WEBFORM_URL,
  webformAuth: env.WEBFORM_USER ? `${env.WEBFORM_USER}:${env.WEBFORM_PASSWORD ?? ''}` : undefined,
  // CORS only when the site is served from another origin than the intake service.
  allowedOrigin: env.INTAKE_URL && env.SITE_URL && new URL(env.INTAKE_URL).origin !== new URL(env.SITE_URL).origin ? new URL(env.SITE_URL).origin : undefined,
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  webhookSecret: env.WEBHOOK_SECRET,
  releasesDir: path.resolve(root, env.RELEASES_DIR),
  publishCommand: env.PUBLISH_COMMAND,
  editorToken: env.EDITOR_TOKEN,
  preview: env.PREVIEW_TOKEN
    ? { dir: path.resolve(root, env.PREVIEW_DIR), token: env.PREVIEW_TOKEN, cmsUrl: env.CMS_URL ?? failConfig('CMS_URL: required with PREVIEW_TOKEN (the CMS the preview reads drafts from)'), cmsUser: env.CMS_USER, cmsPassword: env.CMS_PASSWORD }
    : undefined,
  encryptionKey: env.ENCRYPTION_KEY,
  root,
});
console.log(`Site and intake service on ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
