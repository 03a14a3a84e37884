// The intake service's API: /api/health and each feature's routes and forms (src/service/features.ts:
// feedback, corrections, the housing benefit's applications and uploads). Each request is logged
// by src/service/log/request-log.ts (method, route, status and duration only: never submitted
// text, emails or client addresses).
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { apiError } from './api-errors.ts';
import { intakeErrorHandler } from './disk-full.ts';
import type { Deps } from './deps.ts';
import { limitBody } from './limits.ts';
import type { FeatureRuntime } from './platform/feature.ts';
import { createRateLimiter } from './rate-limit.ts';
import { registerForm } from './routes/form-route.ts';
import { SERVICE_PREFIXES } from '../site/rules/service-routes.ts';
import { answeredWithin } from './storage/unavailable.ts';

const api = SERVICE_PREFIXES.api;

/** What a health check waits for the database at most. */
const HEALTH_TIMEOUT_MS = 2_000;

export function createIntakeApp(deps: Deps, features: readonly FeatureRuntime[]) {
  const app = new Hono();
  app.onError(intakeErrorHandler(deps.log));
  // Routes with their own protocol (tus) answer their own CORS, OPTIONS and limits: before the JSON API's middleware.
  for (const feature of features) feature.ownRoutes?.(app);
  if (deps.config.allowedOrigin) {
    app.use(
      `${api}/*`,
      cors({
        origin: deps.config.allowedOrigin,
        allowMethods: ['GET', 'POST', 'OPTIONS'],
        allowHeaders: ['content-type', 'idempotency-key'],
      }),
    );
  }
  const allow = createRateLimiter(deps.counts, 'forms', deps.config.rateLimitPerMinute);
  app.use(`${api}/*`, async (c, next) => {
    if (c.req.method === 'POST' && !(await allow(deps.clientAddress(c.req.raw, c.env))))
      return apiError(c, 429, 'rate_limited');
    await next();
  });
  // Each form with its own body limit (an application's is larger than the others').
  const forms = { storage: deps.storage, maxBodyBytes: deps.config.maxBodyBytes, site: deps.config.site };
  for (const feature of features) for (const form of feature.forms ?? []) registerForm(app, forms, form);
  app.use(`${api}/*`, limitBody(deps.config.maxBodyBytes));
  // Outbox counts: what is waiting for the CMS, and what a person must look at (`npm run outbox`).
  // A database that does not answer within the bound is a 503 (a health check never hangs).
  app.get(`${api}/health`, async (c) =>
    c.json({ ok: true, outbox: await answeredWithin(deps.storage.outbox.counts(), HEALTH_TIMEOUT_MS) }),
  );
  // Nothing else lives under /api/: its own translated 404, not the site's page.
  app.all('/api/*', (c) => apiError(c, 404, 'not_found'));
  return app;
}
