// The environment of every build and renderer process: the one `npm run serve` gives them, whatever
// started the service. A test runner puts its own mode in process.env (Vitest: NODE_ENV=test, DEV=1,
// MODE=test, SSR=1, BASE_URL, TEST, VITEST...), and Astro reads import.meta.env from the process's
// environment: a build started under it would be a development build (Astro's <Image> then adds
// data-image-component="true"), not what production serves.

/** Keys a test runner (Vitest, Vite's env) sets that no production setting uses. */
const RUNNER_KEY = /^(DEV|PROD|MODE|SSR|BASE_URL|TEST|VITEST|VITEST_.+)$/;

/**
 * The allocator of the native modules a build loads (mimalloc in Vite's bundler rolldown, Astro's
 * compiler, oxc) asks Linux for transparent huge pages: where they are on for such requests
 * (`madvise`, Debian's default), every 2 MB region a build touches is zeroed whole. Off, measured
 * on one build of the site, three runs each one after the other: 5.8 CPU s instead of 6.6 (system
 * time 1.6 s instead of 2.1) and 590 MB resident instead of 810. An operator's own value is kept.
 */
export const NO_HUGE_PAGES = { MIMALLOC_ALLOW_THP: '0' };

/** `env` without a test runner's keys, with NODE_ENV=production and Astro's telemetry off. */
export function productionEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept = Object.entries(env).filter(
    (e): e is [string, string] => e[1] !== undefined && !RUNNER_KEY.test(e[0]) && e[0] !== 'NODE_ENV',
  );
  return { ...NO_HUGE_PAGES, ...Object.fromEntries(kept), NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
}

/**
 * This process's environment made a production one, in place (a build's entry point, before Astro
 * loads). NODE_ENV=development is kept: a build asked for in development mode on purpose.
 */
export function becomeProductionProcess(): void {
  const development = process.env.NODE_ENV === 'development';
  const wanted = productionEnv(process.env);
  for (const key of Object.keys(process.env)) if (!(key in wanted)) delete process.env[key];
  Object.assign(process.env, wanted, development ? { NODE_ENV: 'development' } : {});
}

/** What a bundle built by this process depends on of its mode (a part of its cache key). */
export function buildMode(): Record<string, string | null> {
  const keys = ['NODE_ENV', 'DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL'];
  return Object.fromEntries(keys.map((k) => [k, process.env[k] ?? null]));
}
