// The intake service's route table at its top level: each prefix it answers under, once. The
// service mounts its routes from here and will not start with a route outside it
// (src/service/start.ts); the site keeps these addresses for the service
// (src/site/rules/owned-paths.ts), so no vanity URL, redirect or saved page can take one.

export const SERVICE_PREFIXES = {
  /** Forms, uploads, applications and health (src/service/app.ts). */
  api: '/api',
  /** The CMS webhook and the publishing status (src/service/publishing/hooks-app.ts). */
  hooks: '/hooks',
  /** Editors' previews (src/service/preview.ts). */
  preview: '/preview',
  /** Prometheus metrics (src/service/metrics/metrics-route.ts). */
  metrics: '/metrics',
} as const;

/** Whether a route pattern or a canonical path lies under one of the service's prefixes. */
export function underServicePrefix(path: string): boolean {
  return Object.values(SERVICE_PREFIXES).some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The route patterns of `routes` outside the table (the static site's fallback `*` aside). */
export function routesOutsideTable(routes: ReadonlyArray<{ path: string }>): string[] {
  const stray = routes.map((r) => r.path).filter((p) => p !== '*' && p !== '/*' && !underServicePrefix(p));
  return [...new Set(stray)];
}
