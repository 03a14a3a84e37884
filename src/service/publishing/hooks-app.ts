// POST /hooks/cms: the CMS's signed "content changed" webhook; GET /hooks/cms/status: what is
// live and how the last build went (the build detail only for editors). Mounted by the intake
// service under /hooks. A signature is accepted once: a replay within its 5 minutes is refused.
// A signed body is still content: its event, bundle, id and language are kept only when they
// have the shape Drupal gives them (shown on the publishing page, never as markup).
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { verifyWebhook } from './webhook-signature.ts';
import { clientAddressResolver } from '../client-address.ts';
import { limitBody } from '../limits.ts';
import { addressCounts } from '../rate-limit.ts';
import { memoryRateLimits } from '../memory-rate-limits.ts';
import { createTokenGuard, type TokenGuard } from '../token-guard.ts';
import { isEditor, presentedToken } from './editor-auth.ts';
import {
  PUBLISHER_RETRY_AFTER,
  PublisherUnavailable,
  unavailableOnly,
  type PublishingBackend,
} from './publisher-client.ts';
import { mountPublishingPage } from './publishing-route.ts';
import { currentRequestId, inRequest } from '../log/request-context.ts';

export interface HooksOptions {
  /** The publisher's client (publisher-client.ts); a publisher itself in the routes' own tests. */
  publisher: PublishingBackend;
  secret: string;
  /** EDITOR_TOKEN: sees the build detail and opens the publishing page, as the webhook secret does. */
  editorToken?: string | undefined;
  now?: () => number;
  maxBodyBytes?: number;
  /** Wrong tokens per address (shared with the preview; default: this process's memory); the client address as the service resolves it. */
  guard?: TokenGuard;
  clientAddress?: (request: Request, env: unknown) => string;
  /** The service's public origin is https (its cookie is then Secure whatever the request's scheme). */
  httpsOrigin?: boolean | undefined;
  /**
   * Whether a delivery (its signature) is seen for the first time, kept in the database so that a
   * delivery repeated to another node or after a restart is refused too (default: this process's memory).
   */
  firstDelivery?: (signature: string) => Promise<boolean>;
  /** Forgets a delivery firstDelivery recorded (the publisher did not take it: its retry must be accepted). */
  forgetDelivery?: (signature: string) => Promise<void>;
}

const EVENTS = new Set(['create', 'update', 'delete']);
/** The field if it matches its allow-list pattern, else nothing. */
const shaped = (value: unknown, pattern: RegExp) =>
  typeof value === 'string' && pattern.test(value) ? value : undefined;
const MACHINE_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const NODE_ID = /^[A-Za-z0-9-]{1,64}$/;
const LANGCODE = /^[a-z]{2}(?:-[a-z]{2,8})?$/;

/** What a delivery says changed (a signed body that is not JSON still means "something changed"). */
function describeDelivery(body: string) {
  try {
    const event = JSON.parse(body) as Record<string, unknown>;
    const detail = {
      event: typeof event.event === 'string' && EVENTS.has(event.event) ? event.event : undefined,
      bundle: shaped(event.bundle, MACHINE_NAME),
      id: shaped(event.id, NODE_ID),
      langcode: shaped(event.langcode, LANGCODE),
    };
    const summary = [detail.event, detail.bundle, detail.id, detail.langcode].filter(Boolean).join(' ');
    return { summary: summary || 'cms change', detail };
  } catch {
    return { summary: 'cms change', detail: undefined };
  }
}

export function createHooksApp({
  publisher,
  secret,
  editorToken,
  now = () => Date.now(),
  maxBodyBytes = 8 * 1024,
  guard = createTokenGuard(addressCounts(memoryRateLimits(), randomBytes(32)), now),
  clientAddress = clientAddressResolver([]),
  firstDelivery,
  forgetDelivery,
  httpsOrigin = false,
}: HooksOptions) {
  const app = new Hono();
  // Signatures seen within the window (a signature binds body and timestamp: one delivery).
  const seen = new Map<string, number>();
  const first =
    firstDelivery ??
    (async (signature: string) => {
      for (const [key, until] of seen) if (until < now()) seen.delete(key);
      if (seen.has(signature)) return false;
      seen.set(signature, now() + 2 * 300_000);
      return true;
    });
  const forget = firstDelivery ? forgetDelivery : async (signature: string) => void seen.delete(signature);
  const unavailable = { 'retry-after': String(PUBLISHER_RETRY_AFTER) };

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
    if (!(await first(signature))) return c.json({ error: 'replayed' }, 409);
    const { summary, detail } = describeDelivery(body);
    // The build runs outside this request (it may serve saves of several); its history entry and
    // its "started" log line name this request's id (a body that is not JSON records no event).
    const event = detail && { ...detail, requestId: currentRequestId() };
    try {
      const { queued } = await inRequest(undefined, () => publisher.trigger(summary, event));
      return c.json({ accepted: true, queued }, 202);
    } catch (error) {
      if (!(error instanceof PublisherUnavailable)) throw error;
      // Not taken: the CMS's retry of this delivery is a first delivery.
      await forget?.(signature);
      return c.json({ error: 'publisher_unavailable' }, 503, unavailable);
    }
  });

  app.get('/cms/status', async (c) => {
    if (presentedToken(c.req.raw.headers) !== undefined) {
      const address = clientAddress(c.req.raw, c.env);
      const wait = await guard.attempt(address);
      if (wait) return c.json({ error: 'too_many_attempts' }, 429, { 'retry-after': String(wait) });
      if (isEditor(c.req.raw.headers, { secret, editorToken })) {
        await guard.right(address);
        const status = await publisher.status().catch(unavailableOnly);
        return status ? c.json(status) : c.json({ error: 'publisher_unavailable' }, 503, unavailable);
      }
    }
    const status = await publisher.status().catch(unavailableOnly);
    if (!status) return c.json({ error: 'publisher_unavailable' }, 503, unavailable);
    // Public: what a status badge needs; never a build's output, nor the live release's folder.
    return c.json({
      live: status.currentRelease !== null,
      building: status.building,
      queued: status.queued,
      lastResult: status.lastBuild?.result ?? null,
      // Live pages still owed in the other language (the publishing page lists them).
      officialLanguagesOwed: status.officialLanguages?.count ?? null,
    });
  });
  mountPublishingPage(app, { publisher, tokens: [secret, editorToken], guard, clientAddress, now, httpsOrigin });

  return app;
}
