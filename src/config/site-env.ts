// The build's configuration (`npm run build`, `npm run build:preview`, astro.config.mjs and the
// pages it renders), read from environment variables and validated once with a message that names
// each bad variable and its value. The service's settings are in service.ts, the local CMS's in
// local-cms.ts; docs/configuration.md is generated from the three (scripts/config-doc.ts).
import { z } from 'zod';
import { baseUrlProblem, originUrlProblem } from './base-url.ts';
import { parseSettings, type Environment } from './settings.ts';

const url = z.string().url();
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const optionalUrl = unsetWhenEmpty(url.optional());
/** A URL that passes `problem` (paths are joined to it, or it is an origin). */
const checkedUrl = (problem: (value: string) => string | undefined) =>
  url.superRefine((v, ctx) => {
    const found = URL.canParse(v) ? problem(v) : undefined;
    if (found) ctx.addIssue({ code: 'custom', message: found });
  });

/** The site's address outside production: `npm run serve`'s (its default PORT). */
const LOCAL_SITE_URL = 'http://127.0.0.1:4321';

/** What the pages render from: part of every page's incremental-build key (src/content/cache-key.ts). */
const renderShape = {
  SITE_URL: unsetWhenEmpty(checkedUrl(originUrlProblem).optional()).describe(
    `Public origin of the site, for canonical and hreflang URLs. Required when SITE_ENV is production (the build stops without it); elsewhere, unset means ${LOCAL_SITE_URL} (\`npm start\`, the local CMS, tests).`,
  ),
  SITE_ENV: z
    .enum(['development', 'staging', 'production'])
    .default('development')
    .describe('`development`, `staging` or `production`; anything but production shows the dev-site notice.'),
  PRODUCTION_URL: url.default('https://socialsupports.gnb.ca').describe('Where the dev-site notice links.'),
  FRENCH_HOST: unsetWhenEmpty(
    z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name such as soutiensociaux.gnb.ca')
      .optional(),
  ).describe(
    'Host name that serves French by default (its root and unknown paths), written into the nginx include. Unset: none.',
  ),
  LANGUAGE_SWITCH: z.enum(['on', 'off']).default('on').describe('`off` hides the language switch.'),
  INTAKE_URL: unsetWhenEmpty(checkedUrl(originUrlProblem).optional()).describe(
    'Origin of the intake service when the static site is on a CDN. Unset: the same origin as the site.',
  ),
  CHAT_URL_EN: url.default('https://nb.211.ca/chat/?lang=en').describe('Source of the 211 chat frame in English.'),
  CHAT_URL_FR: url.default('https://nb.211.ca/fr/chat/?lang=fr').describe('Source of the 211 chat frame in French.'),
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .describe('Map tiles of the map pages (`{z}`, `{x}`, `{y}` filled in by Leaflet).'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('© OpenStreetMap contributors')
    .describe('Credit of the map tiles on English pages.'),
  MAP_TILE_ATTRIBUTION_FR: z
    .string()
    .default('© les contributeurs d’OpenStreetMap')
    .describe('Credit of the map tiles on French pages.'),
  ANALYTICS_PROVIDER: z
    .enum(['none', 'plausible', 'matomo', 'beacon'])
    .default('none')
    .describe('Page-view analytics: `none`, `plausible`, `matomo` or `beacon`.'),
  ANALYTICS_URL: optionalUrl.describe('Address of the analytics script or endpoint. Unset: analytics off.'),
  ANALYTICS_SITE_ID: z.string().optional().describe('Site id given to the analytics provider (Matomo). Unset: none.'),
  // Bounds on the CMS (src/content/jsonapi-client.ts): a hostile or broken CMS cannot hold a build.
  CMS_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(4)
    .describe(
      "Retries (exponential backoff from 250 ms, or the CMS's `Retry-After`) of a request to an unreachable CMS or a 5xx answer.",
    ),
  CMS_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .default(30)
    .describe('Time for one CMS request, its body included; a request that takes longer is retried as unreachable.'),
  CMS_MAX_RESPONSE_MB: z.coerce
    .number()
    .positive()
    .default(32)
    .describe('Largest CMS answer; a longer one is refused as it streams in (or unread, by its `Content-Length`).'),
  CMS_MAX_PAGES: z.coerce
    .number()
    .int()
    .positive()
    .default(1000)
    .describe('Pages of one collection read from the CMS (endless `next` links stop there).'),
  CMS_MAX_REQUESTS: z.coerce
    .number()
    .int()
    .positive()
    .default(20_000)
    .describe('Requests to the CMS in one build, retries included.'),
};

/** Where the build reads from and writes to: not part of what a page renders. */
const processShape = {
  CMS_URL: unsetWhenEmpty(checkedUrl(baseUrlProblem).optional()).describe(
    'Base URL of the Drupal site whose JSON:API is at `/jsonapi` (French at `/fr/jsonapi`). Unset: `npm run build` starts the local CMS on its snapshot.',
  ),
  OUT_DIR: unsetWhenEmpty(z.string().default('dist')).describe(
    'Where `npm run build` puts the site; server configuration goes beside it, into `<OUT_DIR>-deploy/`.',
  ),
  ASTRO_CACHE_DIR: unsetWhenEmpty(z.string().default('node_modules/.astro')).describe(
    "Astro's content, image and incremental-build cache.",
  ),
  PREVIEW_OUT_DIR: unsetWhenEmpty(z.string().default('dist-preview')).describe(
    'Where `npm run build:preview` puts the draft preview server.',
  ),
  LOCAL_CMS_SCALE: unsetWhenEmpty(z.coerce.number().int().min(0).default(0)).describe(
    'Programs per language the embedded local CMS multiplies its snapshot to (benchmarks); 0 keeps the snapshot as it is.',
  ),
  LOCAL_CMS_FAULTS: unsetWhenEmpty(z.string().optional()).describe(
    'Faults the embedded local CMS injects (see scripts/local-cms/README.md). Unset: none.',
  ),
  PUBLIC_INTAKE_URL: z
    .string()
    .optional()
    .describe(
      'The intake origin as the browser code reads it (`import.meta.env`); astro.config.mjs sets it from INTAKE_URL when unset. Leave it unset.',
    ),
};

/** The build's settings, for scripts/config-doc.ts. */
export const buildSchema = z.object({ ...renderShape, ...processShape });

/**
 * A production build names its own address: without SITE_URL it would write the local one into
 * every canonical and hreflang link without a word. Elsewhere the local server's address.
 */
const siteEnvSchema = buildSchema
  .superRefine((env, context) => {
    if (env.SITE_ENV === 'production' && !env.SITE_URL)
      context.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message:
          "must be set for a production build (SITE_ENV=production): the site's public origin, such as https://socialsupports.gnb.ca, written into canonical and hreflang links",
      });
  })
  .transform((env) => ({ ...env, SITE_URL: env.SITE_URL ?? LOCAL_SITE_URL }));

export type SiteEnv = z.infer<typeof siteEnvSchema>;

export function parseSiteEnv(env: Environment): SiteEnv {
  return parseSettings(siteEnvSchema, env, { echo: true });
}

/** The settings a page renders from, for the incremental-build key (same keys, same order, always). */
export function renderedSettings(env: SiteEnv): Partial<SiteEnv> {
  return Object.fromEntries(Object.keys(renderShape).map((key) => [key, env[key as keyof SiteEnv]]));
}

let cached: SiteEnv | undefined;
/** The build's settings, read once per process (what the pages render from). */
export function siteEnv(): SiteEnv {
  cached ??= parseSiteEnv(process.env);
  return cached;
}

/** The build's settings as the environment has them now (the build sets CMS_URL when it starts the local CMS). */
export function currentSiteEnv(): SiteEnv {
  return parseSiteEnv(process.env);
}

/**
 * For astro.config.mjs: browser code reads the intake origin as `import.meta.env.PUBLIC_INTAKE_URL`,
 * which Vite takes from the environment; it is set from INTAKE_URL unless given.
 */
export function exposeIntakeUrl(env: SiteEnv): void {
  // The origin alone: the browser joins `/api/…` to it (`https://intake.example/` would give `//api`).
  process.env.PUBLIC_INTAKE_URL ??= env.INTAKE_URL ? new URL(env.INTAKE_URL).origin : '';
}
