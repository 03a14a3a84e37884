// Forwards stored feedback and correction requests to the CMS's Drupal Webform REST endpoint
// through the outbox (src/service/outbox/outbox.ts): a CMS outage delays delivery but never loses a
// submission. Each carries a stable `submission_key` (a Webform "unique" element on the CMS side),
// so a submission whose answer was lost is refused as a duplicate on retry, and that refusal
// means it was delivered.
import { alreadyReceived, Refused, startOutbox } from './outbox.ts';
import type { OutboxItem, Storage } from '../storage/types.ts';

export const SUBMISSION_KEY = 'submission_key';

export interface ForwarderOptions {
  storage: Storage;
  webformUrl: string;
  auth?: string | undefined;
  log: (m: string) => void;
  baseDelayMs?: number | undefined;
  maxAttempts?: number | undefined;
  pollMs?: number | undefined;
}

export function startForwarder({ storage, webformUrl, auth, log, baseDelayMs, maxAttempts, pollMs }: ForwarderOptions) {
  return startOutbox<OutboxItem>(
    {
      label: (item) => `submission ${item.id}`,
      next: (now) => storage.nextOutbox(now),
      async send(item) {
        const response = await fetch(new URL('/webform_rest/submit?_format=json', webformUrl), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(auth ? { authorization: `Basic ${Buffer.from(auth).toString('base64')}` } : {}),
          },
          body: JSON.stringify({ webform_id: item.webformId, ...item.payload }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json().catch(() => ({}))) as { sid?: string; error?: unknown; message?: string };
        if (
          item.payload[SUBMISSION_KEY] &&
          (response.status === 400 || response.status === 422 || response.ok) &&
          alreadyReceived(body, SUBMISSION_KEY)
        )
          return 'already-received';
        // Older webform_rest versions answer validation errors with HTTP 200 and an `error` key.
        if (response.ok && body.sid && !body.error) return body.sid;
        if ((response.status >= 400 && response.status < 500) || (response.ok && body.error))
          throw new Refused(`HTTP ${response.status}`, body.message ?? 'validation error');
        throw new Error(`HTTP ${response.status}`);
      },
      delivered: (item) => storage.markOutbox(item.id, { delivered: true }),
      retry: (item, at, error) => storage.markOutbox(item.id, { retryAt: at, error }),
      failed: (item, reason) => storage.markOutbox(item.id, { failed: reason }),
    },
    { log, baseDelayMs, maxAttempts, pollMs },
  );
}
