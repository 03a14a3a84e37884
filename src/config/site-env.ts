// Build-time configuration from environment variables, validated once with a message that
// names the bad variable (the CMS client's bounds included). The service's settings are validated
// in scripts/serve.ts.
import { z } from 'zod';

const url = z.string().url();
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), url.optional());

const siteEnvSchema = z.object({
  SITE_URL: url.default('http://127.0.0.1:4321'),
  SITE_ENV: z.enum(['development', 'staging', 'production']).default('development'),
  PRODUCTION_URL: url.default('https://socialsupports.gnb.ca'),
  FRENCH_HOST: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name such as soutiensociaux.gnb.ca')
      .optional(),
  ),
  LANGUAGE_SWITCH: z.enum(['on', 'off']).default('on'),
  INTAKE_URL: optionalUrl,
  CHAT_URL_EN: url.default('https://nb.211.ca/chat/?lang=en'),
  CHAT_URL_FR: url.default('https://nb.211.ca/fr/chat/?lang=fr'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  MAP_TILE_ATTRIBUTION_FR: z.string().default('© les contributeurs d’OpenStreetMap'),
  ANALYTICS_PROVIDER: z.enum(['none', 'plausible', 'matomo', 'beacon']).default('none'),
  ANALYTICS_URL: optionalUrl,
  ANALYTICS_SITE_ID: z.string().optional(),
  // Bounds on the CMS (src/content/jsonapi-client.ts): a hostile or broken CMS cannot hold a build.
  CMS_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
  CMS_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  CMS_MAX_RESPONSE_MB: z.coerce.number().positive().default(32),
  CMS_MAX_PAGES: z.coerce.number().int().positive().default(1000),
  CMS_MAX_REQUESTS: z.coerce.number().int().positive().default(20_000),
});

export type SiteEnv = z.infer<typeof siteEnvSchema>;

export function parseSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  const result = siteEnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  ${String(i.path[0])}: ${i.message} (got "${env[String(i.path[0])] ?? ''}")`,
    );
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: SiteEnv | undefined;
export function siteEnv(): SiteEnv {
  cached ??= parseSiteEnv(process.env);
  return cached;
}
