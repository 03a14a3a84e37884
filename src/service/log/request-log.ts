// Every request of the service: its id (request-id.ts) in the X-Request-Id answer header and in
// every line logged while it is handled (request-context.ts); one line when it is answered
// (method, route pattern, status, duration; never the query, the body or the client's address);
// and its count and latency in /metrics. Files of the static site are not logged one by one
// (nginx or the CDN serves them in production), only when they fail.
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { IntakeMetrics } from '../metrics/intake-metrics.ts';
import type { Logger } from './logger.ts';
import { inRequest } from './request-context.ts';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id.ts';

/** The pattern of what answered: bounded (a route of the code), never the raw path. */
const STATIC_ROUTE = '/*';
const ALREADY_SENT = 'x-hono-already-sent';

/** Node's response, for the answers written to it directly (static files, the preview). */
const outgoingOf = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.outgoing;

/** The status sent: Hono's response, or Node's when a handler wrote the answer itself. */
const statusOf = (c: Context) =>
  c.res.headers.get(ALREADY_SENT) ? (outgoingOf(c)?.statusCode ?? c.res.status) : c.res.status;

export function requestLog(options: {
  log: Logger;
  metrics: IntakeMetrics;
  /** True when the request came from a proxy named in TRUST_PROXY (whose X-Request-Id is kept). */
  fromTrustedProxy: (request: Request, env: unknown) => boolean;
}): MiddlewareHandler {
  const { log, metrics } = options;
  return async (c, next) => {
    const started = performance.now();
    const trusted = options.fromTrustedProxy(c.req.raw, c.env);
    const requestId = requestIdFor(c.req.header(REQUEST_ID_HEADER), trusted);
    // Set on Node's response first, for handlers that write it themselves.
    outgoingOf(c)?.setHeader(REQUEST_ID_HEADER, requestId);
    await inRequest(requestId, next);
    if (!c.res.headers.get(ALREADY_SENT)) c.header(REQUEST_ID_HEADER, requestId);
    const route = c.req.routePath;
    const status = statusOf(c);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    metrics.observe(route, c.req.method, status, durationMs / 1000);
    if (route === STATIC_ROUTE && status < 500) return;
    const level = status >= 500 ? 'error' : 'info';
    inRequest(requestId, () =>
      log(`${c.req.method} ${route} ${status}`, { level, method: c.req.method, route, status, durationMs }),
    );
  };
}
