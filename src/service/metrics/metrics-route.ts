// GET /metrics (Prometheus text format), protected as the status detail is: a Bearer token
// (METRICS_TOKEN, EDITOR_TOKEN or the webhook secret), compared in constant time, with the same
// lock-out of an address that guesses (token-guard.ts). Only the Authorization header counts: a
// token in the query string ends up in proxy and access logs, so `?token=` is refused even when
// right. No token configured: no /metrics (404).
import type { Hono } from 'hono';
import { matchesToken } from '../publishing/editor-auth.ts';
import type { TokenGuard } from '../token-guard.ts';
import { prometheusContentType } from 'prom-client';
import { SERVICE_PREFIXES } from '../../site/rules/service-routes.ts';

const METRICS_PATH = SERVICE_PREFIXES.metrics;

export interface MetricsRouteOptions {
  tokens: Array<string | undefined>;
  guard: TokenGuard;
  clientAddress: (request: Request, env: unknown) => string;
  render: () => Promise<string>;
}

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

export function mountMetrics<E extends object>(app: Hono<E>, options: MetricsRouteOptions): void {
  const tokens = options.tokens.filter((t): t is string => Boolean(t && t.length >= 16));
  if (tokens.length === 0) return;
  app.get(METRICS_PATH, async (c) => {
    const refused = { 'www-authenticate': 'Bearer realm="metrics"', 'cache-control': 'no-store' };
    if (new URL(c.req.url).searchParams.has('token')) return c.json({ error: 'token_in_query' }, 401, refused);
    const token = bearer(c.req.header('authorization'));
    if (!token) return c.json({ error: 'unauthorized' }, 401, refused);
    const address = options.clientAddress(c.req.raw, c.env);
    const wait = await options.guard.attempt(address);
    if (wait) return c.json({ error: 'too_many_attempts' }, 429, { 'retry-after': String(wait) });
    if (!matchesToken(token, tokens)) return c.json({ error: 'unauthorized' }, 401, refused);
    await options.guard.right(address);
    return c.body(await options.render(), 200, { 'content-type': prometheusContentType, 'cache-control': 'no-store' });
  });
}
