// Forwards stored submissions to the CMS's Drupal Webform REST endpoint from the outbox, in
// order, with exponential backoff: a CMS outage delays delivery but never loses a submission.
import type { Storage } from './storage/types.ts';

export interface ForwarderOptions { storage: Storage; webformUrl: string; auth?: string | undefined; log: (m: string) => void; baseDelayMs?: number }

export function startForwarder({ storage, webformUrl, auth, log, baseDelayMs = 1000 }: ForwarderOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;

  async function deliver(item: { id: number; webformId: string; payload: Record<string, unknown>; attempts: number }) {
    try {
      const response = await fetch(new URL('/webform_rest/submit?_format=json', webformUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Basic ${Buffer.from(auth).toString('base64')}` } : {}) },
        body: JSON.stringify({ webform_id: item.webformId, ...item.payload }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json().catch(() => ({}))) as { sid?: string; error?: unknown; message?: string };
      // Older webform_rest versions answer validation errors with HTTP 200 and an `error` key.
      if (response.ok && body.sid && !body.error) return storage.markOutbox(item.id, { delivered: true });
      if (response.status >= 400 && response.status < 500 || (response.ok && body.error)) {
        log(`forwarding ${item.id} refused by the CMS (HTTP ${response.status})`);
        return storage.markOutbox(item.id, { failed: `HTTP ${response.status}: ${body.message ?? 'validation error'}` });
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      const delay = Math.min(baseDelayMs * 2 ** item.attempts, 10 * 60_000);
      log(`forwarding ${item.id} failed (${(error as Error).message}); retry in ${delay} ms`);
      storage.markOutbox(item.id, { retryAt: Date.now() + delay });
    }
  }

  async function drain() {
    if (running || stopped) return;
    running = true;
    try {
      for (;;) {
        const next = storage.nextOutbox(Date.now());
        if (!next) break;
        if ('waitUntil' in next) {
          clearTimeout(timer);
          timer = setTimeout(() => void drain(), Math.max(10, next.waitUntil - Date.now()));
          break;
        }
        await deliver(next);
      }
    } finally {
      running = false;
    }
  }

  void drain();
  return {
    wake: () => void drain(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
