// The publisher's internal API, for the intake nodes only (scripts/publisher.ts serves it on
// loopback or a private network): GET /status (what the publishing page shows), POST /trigger (a
// save to publish, from the webhook the intake node verified). Every request carries the shared
// PUBLISHER_TOKEN as a Bearer token, compared in constant time. Nothing here is public: the
// webhook's signature, the editors' tokens, their lock-outs and the pages' languages stay with
// the intake nodes (src/service/publishing/).
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { TriggerEvent } from './build-history.ts';
import type { Publisher } from './publisher.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** What POST /trigger takes. */
interface TriggerRequest {
  summary: string;
  event?: Omit<TriggerEvent, 'at'> | undefined;
  /** One command only: the intake node's environment at the save, the builds' settings (tests move CMS_URL). */
  env?: Record<string, string> | undefined;
}

export function publisherApi(
  publisher: Pick<Publisher, 'trigger' | 'status'>,
  options: { token: string; followEnv?: ((env: Record<string, string>) => void) | undefined },
) {
  const expected = digest(options.token);
  const app = new Hono();
  app.use('*', async (c, next) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!bearer || !timingSafeEqual(digest(bearer), expected)) return c.json({ error: 'unauthorized' }, 401);
    await next();
  });
  app.get('/status', async (c) => c.json(await publisher.status()));
  app.post('/trigger', async (c) => {
    const body = (await c.req.json().catch(() => null)) as TriggerRequest | null;
    if (!body || typeof body.summary !== 'string') return c.json({ error: 'invalid_request' }, 400);
    if (body.env && options.followEnv) options.followEnv(body.env);
    return c.json(publisher.trigger(body.summary.slice(0, 500), body.event));
  });
  return app;
}
