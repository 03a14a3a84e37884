// The site the browser tests run against: built into E2E_DIST (`dist-e2e/` by default) with the
// origin and French host the e2e server serves it under. scripts/e2e-server.ts builds it unless
// E2E_SKIP_BUILD=1; `npm test` builds it while Vitest runs (scripts/test-run.ts) and skips that.
import path from 'node:path';

export function e2eBuild(root: string, env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.E2E_PORT || 4410);
  const distDir = path.resolve(root, env.E2E_DIST || 'dist-e2e');
  return {
    distDir,
    /** The build's settings, added to the environment scripts/build.ts runs in. */
    env: {
      OUT_DIR: distDir,
      ASTRO_CACHE_DIR: `${distDir}.cache`,
      SITE_URL: env.SITE_URL || `http://127.0.0.1:${port}`,
      FRENCH_HOST: env.FRENCH_HOST || 'fr.localhost',
    },
  };
}
