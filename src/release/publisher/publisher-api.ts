// The publisher's internal API, for the intake nodes only (scripts/publisher.ts serves it on
// loopback or a private network): GET /status (what the publishing page shows), POST /trigger (a
// save to publish, from the webhook the intake node verified). Every request carries the shared
// PUBLISHER_TOKEN as a Bearer token, compared in constant time. Nothing here is public: the
// webhook's signature, the editors' tokens, their lock-outs and the pages' languages stay with
// the intake nodes (src/service/publishing/).
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Publisher } from './publisher.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

const text = z.string().optional();
/** What POST /trigger takes (the build history's TriggerEvent without its time). */
const triggerRequest = z.object({
  summary: z.string(),
  event: z.object({ event: text, bundle: text, id: text, langcode: text, requestId: text }).optional(),
  /** One command only: the intake node's environment at the save, the builds' settings (tests move CMS_URL). */
  env: z.record(z.string(), z.string()).optional(),
});

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
    const parsed = triggerRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_request' }, 400);
    const body = parsed.data;
    if (body.env && options.followEnv) options.followEnv(body.env);
    return c.json(publisher.trigger(body.summary.slice(0, 500), body.event));
  });
  return app;
}
