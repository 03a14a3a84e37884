// The intake node's only way to the publisher (the publisher process's internal API,
// src/release/publisher/publisher-api.ts): ask its status, hand it a save to publish. The intake
// node never loads the release pipeline (.dependency-cruiser.cjs): its memory stays the same
// whatever the size of the site. A publisher that does not answer is PublisherUnavailable, which
// the routes turn into a retryable 503 (the site and the forms are not affected).
import type { TriggerEvent } from '../../release/publisher/build-history.ts';
import type { Publisher } from '../../release/publisher/publisher.ts';

export type { HistoryEntry } from '../../release/publisher/build-history.ts';
type PublisherStatus = Awaited<ReturnType<Publisher['status']>>;

/** What the intake node's routes ask of the publisher. */
export interface PublishingBackend {
  trigger(summary: string, event?: Omit<TriggerEvent, 'at'>): { queued: boolean } | Promise<{ queued: boolean }>;
  status(): Promise<PublisherStatus>;
}

/** The publisher is down, restarting or out of reach: the caller may try again shortly. */
export class PublisherUnavailable extends Error {}

/** A publisher that does not answer gives no status (anything else is a bug, thrown). */
export const unavailableOnly = (error: unknown): undefined => {
  if (error instanceof PublisherUnavailable) return undefined;
  throw error;
};

/** Seconds a caller is told to wait before trying again (a restarted publisher answers within them). */
export const PUBLISHER_RETRY_AFTER = 30;

/** A status or a save takes milliseconds; a publisher silent this long is taken as down. */
const DEFAULT_TIMEOUT_MS = 10_000;

export function publisherClient(options: {
  url: string;
  token: string;
  /** One command: the node's environment sent with each save (the builds' settings). */
  env?: (() => Record<string, string>) | undefined;
  timeoutMs?: number;
  /** Told when the publisher stops answering and when it answers again (once each, not per request). */
  onChange?: ((answering: boolean, why: string) => void) | undefined;
}): PublishingBackend {
  let answering = true;
  const unavailable = (why: string) => {
    if (answering) options.onChange?.(false, why);
    answering = false;
    return new PublisherUnavailable(why);
  };
  async function call<T>(pathname: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${options.url}${pathname}`, {
        ...init,
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable(`the publisher at ${options.url} does not answer (${(error as Error).message})`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      // 401: PUBLISHER_TOKEN differs between this node and the publisher.
      throw unavailable(`the publisher at ${options.url} answered ${response.status}`);
    }
    if (!answering) options.onChange?.(true, `the publisher at ${options.url} answers again`);
    answering = true;
    return (await response.json()) as T;
  }
  return {
    trigger: (summary, event) =>
      call('/trigger', { method: 'POST', body: JSON.stringify({ summary, event, env: options.env?.() }) }),
    status: () => call('/status'),
  };
}
