// POST /hooks/cms: the CMS's signed "content changed" webhook; GET /hooks/cms/status: what is
// live and how the last build went. Mounted by the intake service under /hooks.
import { Hono } from 'hono';
import { verifyWebhook } from '../../logic/webhook-signature.ts';
import type { Publisher } from './publisher.ts';
import { mountPublishingPage } from './publishing-route.ts';

export interface HooksOptions {
  publisher: Publisher;
  secret: string;
  now?: () => number;
  maxBodyBytes?: number;
  /** EDITOR_TOKEN: opens the publishing page (as does the webhook secret). */
  editorToken?: string | undefined;
}

export function createHooksApp({ publisher, secret, now = () => Date.now(), maxBodyBytes = 64 * 1024, editorToken }: HooksOptions) {
  const app = new Hono();

  app.post('/cms', async (c) => {
    const body = await c.req.text();
    if (Buffer.byteLength(body) > maxBodyBytes) return c.json({ error: 'payload_too_large' }, 413);
    const valid = verifyWebhook(
      secret,
      body,
      c.req.header('x-webhook-timestamp') ?? '',
      c.req.header('x-webhook-signature') ?? '',
      Math.floor(now() / 1000),
      300,
    );
    if (!valid) return c.json({ error: 'invalid_signature' }, 401);
    let summary = 'cms change';
    let detail: { event?: string; bundle?: string; id?: string; langcode?: string } | undefined;
    try {
      const event = JSON.parse(body) as { event?: string; bundle?: string; id?: string; langcode?: string };
      summary = [event.event, event.bundle, event.id, event.langcode].filter(Boolean).join(' ') || summary;
      const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : undefined);
      detail = { event: text(event.event), bundle: text(event.bundle), id: text(event.id), langcode: text(event.langcode) };
    } catch {
      /* a signed body that is not JSON still means "something changed" */
    }
    const { queued } = publisher.trigger(summary, detail);
    return c.json({ accepted: true, queued }, 202);
  });

  app.get('/cms/status', async (c) => c.json(await publisher.status()));
  mountPublishingPage(app, { publisher, tokens: [secret, editorToken] });

  return app;
}
