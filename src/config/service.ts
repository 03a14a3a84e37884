// The intake service's configuration (`npm run serve`, and so `npm start`): the site it serves, the
// forms and uploads, forwarding to the CMS, publishing on the CMS webhook and the draft preview.
// An empty variable counts as unset. A bad value stops the service naming the setting, never
// echoing it (several are secrets). Each feature adds its own (its server/feature.ts, listed in
// src/service/features.ts). Every process reads them through its own schema in
// ./service-options.ts, whose transform yields that process's options.
import { z } from 'zod';
import { parseEncryptionKey } from '../service/node-key.ts';
import { parseTrustProxy } from '../service/client-address.ts';
import { FEATURES } from '../service/features.ts';
import { webformUrlProblem } from '../service/outbox/webform-url.ts';
import { baseUrlProblem, originUrlProblem } from './base-url.ts';
import { parseSettings, withoutEmpty, type Environment } from './settings.ts';

/** A URL that passes `problem` (paths are joined to it, or it is an origin). */
const checkedUrl = (problem: (value: string) => string | undefined) =>
  z
    .string()
    .url()
    .superRefine((v, ctx) => {
      const found = URL.canParse(v) ? problem(v) : undefined;
      if (found) ctx.addIssue({ code: 'custom', message: found });
    });

const token = z.string().min(16, 'must be at least 16 characters');
const flag = z
  .enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' })
  .transform((v) => v === '1' || v === 'true');

/** Every feature's settings, after the service's own. */
function featureSettings(): z.ZodRawShape {
  const shape: z.ZodRawShape = {};
  for (const feature of FEATURES) Object.assign(shape, feature.settings?.shape);
  return shape;
}

const platformSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321).describe('Port of the site and intake service.'),
  HOST: z
    .string()
    .default('127.0.0.1')
    .describe('Address the service listens on (`0.0.0.0` for every interface, behind a reverse proxy).'),
  DIST_DIR: z
    .string()
    .default('dist')
    .describe('The built site it serves (until publishing makes `RELEASES_DIR/current/site` the live one).'),
  DATA_DIR: z
    .string()
    .default('data')
    .describe(
      'Submissions, uploads and the outbox; must be owner-only (`0700`), or the service refuses to start. Also what `npm run outbox` reads.',
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')
    .optional()
    .describe(
      'PostgreSQL (`postgres://user:password@host:5432/intake`) holding submissions, applications, upload records, the outbox, rate limits and idempotency keys, so that several intake nodes share them (uploads then go in a shared DATA_DIR). Unset: SQLite in `DATA_DIR/intake.sqlite` (one node).',
    ),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5_000)
    .describe(
      'With DATABASE_URL: longest wait for a PostgreSQL connection; past it the request gets 503 ("try again in a minute").',
    ),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(15_000)
    .describe(
      'With DATABASE_URL: longest a statement may run (PostgreSQL cancels it; the service stops waiting 2 s later), and longest a transaction may sit idle. `/api/health` waits 2 s at most.',
    ),
  SITE_URL: checkedUrl(originUrlProblem)
    .optional()
    .describe(
      "The site's public origin, whose no-JavaScript form posts are accepted besides the request's own host and FRENCH_HOST. Unset: the request's host only.",
    ),
  INTAKE_URL: checkedUrl(originUrlProblem)
    .optional()
    .describe(
      "The service's public origin when the site is served from another (a CDN): with SITE_URL, turns on CORS for the site's origin. Unset: same origin, no CORS.",
    ),
  FRENCH_HOST: z
    .string()
    .optional()
    .describe('Host name on which `/` and unknown paths go to the French pages. Unset: none.'),
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
    .optional()
    .describe(
      'Comma-separated addresses or CIDRs (or `loopback`, `linklocal`, `uniquelocal`) of the reverse proxies whose `X-Forwarded-For` names the client, for rate limits. Unset: nothing trusted.',
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .describe('Form posts accepted per client address and minute; more get 429.'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60_000)
    .describe('A request (headers and body) must arrive within this; its headers within 15 s.'),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => {
      try {
        return parseEncryptionKey(v).length === 32;
      } catch {
        return false;
      }
    }, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
    .optional()
    .describe(
      'Base64 of 32 random bytes (`openssl rand -base64 32`) sealing SINs and dates of birth at rest. Unset: a generated `DATA_DIR/encryption.key` (0600), with a warning.',
    ),
  // Carries SINs: https://, or http:// on a loopback address only.
  WEBFORM_URL: z
    .string()
    .url()
    .superRefine((v, ctx) => {
      const problem = webformUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^WEBFORM_URL /, '') });
    })
    .optional()
    .describe(
      'Drupal base URL whose Webform endpoint receives the forms, with its path if Drupal is not at the root (`https://cms.example/drupal`); must be `https://` unless a loopback address, without query, fragment or credentials. Unset: submissions are kept in DATA_DIR only.',
    ),
  WEBFORM_USER: z.string().optional().describe('Basic-auth user for WEBFORM_URL. Unset: no authentication.'),
  WEBFORM_PASSWORD: z.string().optional().describe('Basic-auth password for WEBFORM_URL (with WEBFORM_USER).'),
  OUTBOX_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(20)
    .describe(
      'Attempts (backoff from 1 s, doubling to 10 min) before a forwarding item is marked failed for `npm run outbox`.',
    ),
  OUTBOX_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .describe(
      'How long an intake node holds the outbox item it is sending (renewed while it sends): an item of a node that died is taken up by another node after this.',
    ),
  WEBHOOK_SECRET: token
    .optional()
    .describe(
      'HMAC secret of the CMS rebuild webhook (`/hooks/cms`), at least 16 characters; also a Bearer token for the build detail. Unset: publishing off.',
    ),
  EDITOR_TOKEN: token
    .optional()
    .describe(
      "At least 16 characters: opens the editors' publishing page (`/hooks/cms/publishing`) and the build detail of `/hooks/cms/status` (`Authorization: Bearer …`), as the webhook secret does. Unset: the webhook secret only.",
    ),
  METRICS_TOKEN: token
    .optional()
    .describe(
      'At least 16 characters: a Bearer token (`Authorization: Bearer …`, never `?token=`) for `GET /metrics` (Prometheus) and nothing else. EDITOR_TOKEN and the webhook secret open it too. Unset and neither of those: no `/metrics`.',
    ),
  RELEASES_DIR: z
    .string()
    .default('releases')
    .describe(
      'Where publishing keeps its releases (`current` is the live one) and its build cache; also what `npm run rollback` switches.',
    ),
  PUBLISH_COMMAND: z
    .string()
    .optional()
    .describe(
      'A shell command run after each release goes live (to copy it to a CDN), with RELEASE_DIR and RELEASE_ID set. Unset: none.',
    ),
  PUBLISH_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .default(1800)
    .describe(
      "A publisher's build process running longer is killed; the build shows as timed out and the live release stays.",
    ),
  PUBLISH_RESIDENT: flag
    .default(true)
    .describe(
      '`0`: every release is a full static build. Default: the releases after the first are made by the resident renderer, which renders only the pages a change touches (docs/publishing.md).',
    ),
  PUBLISH_RESIDENT_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .default(120)
    .describe(
      'A resident build taking longer is taken as hung: its process is killed and the full build makes the release.',
    ),
  PUBLISH_RESIDENT_HANG_SECONDS: z.coerce
    .number()
    .positive()
    .default(30)
    .describe(
      'A resident renderer whose process leaves a ping unanswered this long (stopped, or its event loop blocked; it answers at once while it works) is taken as hung sooner than `PUBLISH_RESIDENT_TIMEOUT_SECONDS`: it is killed and the full build makes the release.',
    ),
  PUBLISH_RESIDENT_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(32)
    .default(4096)
    .describe(
      "The resident renderer's JavaScript heap, in MB (Node's `--max-old-space-size`; it held about 1.1 GB at 10,000 programs per language). A renderer that runs out of it ends, and the full build makes the release.",
    ),
  PUBLISH_RECONCILE_EVERY: z.coerce
    .number()
    .int()
    .positive()
    .default(50)
    .describe('A full build (the reconciliation) after this many releases made by the resident renderer.'),
  PUBLISH_ALLOW_DROP: flag
    .default(false)
    .describe(
      '`1`: a release with more than 10% fewer pages than the live one may go live (the release check refuses it otherwise).',
    ),
  // The publisher apart from the intake nodes (docs/deployment.md): its address, its port, and the token between them.
  PUBLISHER_URL: z
    .string()
    .url()
    .optional()
    .describe(
      'Intake nodes: the address of the publisher run apart (`npm run publisher`, e.g. `http://127.0.0.1:4323`); they pass it the webhook and ask it the status. Unset: each intake node starts its own publisher as a child process (one machine, `npm run serve`).',
    ),
  PUBLISHER_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      "At least 32 characters, the same on the intake nodes and the publisher: the Bearer token of the publisher's internal API. Required by `npm run publisher` and with `PUBLISHER_URL`; unset for one command (a fresh token per start).",
    ),
  PUBLISHER_HOST: z
    .string()
    .default('127.0.0.1')
    .describe(
      '`npm run publisher`: the address it listens on (loopback by default; the intake nodes are its only callers).',
    ),
  PUBLISHER_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(4323)
    .describe('`npm run publisher`: the port of its internal API (`/status`, `/trigger`).'),
  // Draft preview (/preview/...): on only with PREVIEW_TOKEN; reads the CMS with the editor account.
  PREVIEW_TOKEN: token
    .optional()
    .describe(
      'At least 16 characters: turns on the draft preview under `/preview/` for editors who have it. Unset: preview off.',
    ),
  PREVIEW_DIR: z.string().default('dist-preview').describe('The preview build made by `npm run build:preview`.'),
  PREVIEW_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(64)
    .default(512)
    .describe(
      "The preview renderer's JavaScript heap, in MB (Node's `--max-old-space-size`): previews render in a process of their own, and a draft that needs more gets an error page while the service keeps answering.",
    ),
  CMS_MAX_RESPONSE_MB: z.coerce
    .number()
    .positive()
    .default(32)
    .describe("Largest CMS answer the draft preview reads (as the build's setting of the same name)."),
  CMS_URL: checkedUrl(baseUrlProblem)
    .optional()
    .describe('The CMS the draft preview reads from (required with PREVIEW_TOKEN).'),
  CMS_USER: z.string().optional().describe('The CMS editor account the preview reads drafts with.'),
  CMS_PASSWORD: z.string().optional().describe("The editor account's password."),
});

/** The service's settings and its features', for scripts/config-doc.ts. */
export const serviceSchema = platformSchema.extend(featureSettings());

/** The service's own settings, and its features' (each feature reads its own: its optionsFrom). */
export type ServiceConfig = z.infer<typeof platformSchema> & Readonly<Record<string, unknown>>;

/** The settings alone from `env` (what each process's schema transforms), or a ConfigError naming each bad one. */
export function parseServiceConfig(env: Environment): ServiceConfig {
  return parseSettings(serviceSchema, withoutEmpty(env)) as ServiceConfig;
}
