// The environment of every build and renderer process: the one `npm run serve` gives them, whatever
// started the service. A test runner puts its own mode in process.env (Vitest: NODE_ENV=test, DEV=1,
// MODE=test, SSR=1, BASE_URL, TEST, VITEST...), and Astro reads import.meta.env from the process's
// environment: a build started under it would be a development build (Astro's <Image> then adds
// data-image-component="true"), not what production serves.

/** Keys a test runner (Vitest, Vite's env) sets that no production setting uses. */
const RUNNER_KEY = /^(DEV|PROD|MODE|SSR|BASE_URL|TEST|VITEST|VITEST_.+)$/;

/** `env` without a test runner's keys, with NODE_ENV=production and Astro's telemetry off. */
export function productionEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept = Object.entries(env).filter(
    (e): e is [string, string] => e[1] !== undefined && !RUNNER_KEY.test(e[0]) && e[0] !== 'NODE_ENV',
  );
  return { ...Object.fromEntries(kept), NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
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
