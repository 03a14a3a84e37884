// Forwards stored feedback and correction requests to the CMS's Drupal Webform REST endpoint
// through the outbox (src/service/outbox/outbox.ts): a CMS outage delays delivery but never loses a
// submission. Each carries a stable `submission_key` (a Webform "unique" element on the CMS side),
// so a submission whose answer was lost is refused as a duplicate on retry, and that refusal
// means it was delivered.
import { randomUUID } from 'node:crypto';
import type { Remember } from '../idempotency.ts';
import type { Storage } from '../storage/types.ts';
import { traced } from '../log/request-origins.ts';
import { startOutbox, type RunnerOptions } from './outbox.ts';
import type { WebformClient } from './webform-client.ts';

const SUBMISSION_KEY = 'submission_key';
const TIMEOUT_MS = 15_000;

/**
 * Stores a submission, its outbox item when it is to be forwarded (`webformId`) and the answer
 * kept for its Idempotency-Key, in one transaction (a node that dies after storing it has kept
 * the answer, so the client's retry on another node is answered, not stored twice); returns the
 * submission's id.
 */
export function storeSubmission(
  storage: Storage,
  submission: { kind: string; data: Record<string, unknown>; webformId?: string | undefined },
  remember?: Remember,
): Promise<number> {
  return storage.transaction(async (tx) => {
    // The key first: a racing request with it waits here for this one's answer.
    if (remember) await remember.claim(tx);
    const id = await tx.submissions.add(submission.kind, submission.data);
    const { webformId } = submission;
    // A stable key per submission: the CMS's unique element refuses a second copy of it.
    if (webformId)
      await tx.outbox.add({
        kind: 'submission',
        ref: String(id),
        webformId,
        payload: { ...submission.data, [SUBMISSION_KEY]: randomUUID() },
      });
    if (remember) await remember.remember(tx, { ok: true, id });
    return id;
  });
}

export function startForwarder(options: RunnerOptions & { storage: Storage; webform: WebformClient }) {
  const { storage, webform } = options;
  return startOutbox(
    storage.outbox,
    'submission',
    traced(
      (item) =>
        webform.submit(
          { webform_id: item.webformId, ...item.payload },
          { uniqueElement: item.payload?.[SUBMISSION_KEY] ? SUBMISSION_KEY : undefined, timeoutMs: TIMEOUT_MS },
        ),
      options.log,
    ),
    { clock: () => storage.clock(), ...options },
  );
}
