// POST /hooks/cms: the CMS's signed "content changed" webhook; GET /hooks/cms/status: what is
// live and how the last build went (the build detail only for editors). Mounted by the intake
// service under /hooks. A signature is accepted once: a replay within its 5 minutes is refused.
import { Hono } from 'hono';
import { verifyWebhook } from './webhook-signature.ts';
import { limitBody } from '../limits.ts';
import { isEditor } from './editor-auth.ts';
import type { Publisher } from './publisher.ts';
import { mountPublishingPage } from './publishing-route.ts';

export interface HooksOptions {
  publisher: Publisher;
  secret: string;
  /** EDITOR_TOKEN: sees the build detail and opens the publishing page, as the webhook secret does. */
  editorToken?: string | undefined;
  now?: () => number;
  maxBodyBytes?: number;
}

export function createHooksApp({
  publisher,
  secret,
  editorToken,
  now = () => Date.now(),
  maxBodyBytes = 8 * 1024,
}: HooksOptions) {
  const app = new Hono();
  // Signatures seen within the window (a signature binds body and timestamp: one delivery).
  const seen = new Map<string, number>();

  app.post('/cms', limitBody(maxBodyBytes), async (c) => {
    const body = await c.req.text();
    const valid = verifyWebhook(
      secret,
      body,
      c.req.header('x-webhook-timestamp') ?? '',
      c.req.header('x-webhook-signature') ?? '',
      Math.floor(now() / 1000),
      300,
    );
    if (!valid) return c.json({ error: 'invalid_signature' }, 401);
    const signature = c.req.header('x-webhook-signature')!;
    for (const [key, until] of seen) if (until < now()) seen.delete(key);
    if (seen.has(signature)) return c.json({ error: 'replayed' }, 409);
    seen.set(signature, now() + 2 * 300_000);
    let summary = 'cms change';
    let detail: { event?: string; bundle?: string; id?: string; langcode?: string } | undefined;
    try {
      const event = JSON.parse(body) as { event?: string; bundle?: string; id?: string; langcode?: string };
      summary = [event.event, event.bundle, event.id, event.langcode].filter(Boolean).join(' ') || summary;
      const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : undefined);
      detail = {
        event: text(event.event),
        bundle: text(event.bundle),
        id: text(event.id),
        langcode: text(event.langcode),
      };
    } catch {
      /* a signed body that is not JSON still means "something changed" */
    }
    const { queued } = publisher.trigger(summary, detail);
    return c.json({ accepted: true, queued }, 202);
  });

  app.get('/cms/status', async (c) => {
    const status = await publisher.status();
    if (isEditor(c.req.raw.headers, { secret, editorToken })) return c.json(status);
    // Public: what a status badge needs, never a build's output.
    return c.json({
      currentRelease: status.currentRelease,
      building: status.building,
      queued: status.queued,
      lastResult: status.lastBuild?.result ?? null,
    });
  });
  mountPublishingPage(app, { publisher, tokens: [secret, editorToken] });

  return app;
}
