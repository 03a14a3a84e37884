// The one outbox runner of both forwarders (feedback and corrections; housing applications), each
// running it on its kind of item of the one outbox table: takes the item due first, sends it, and
// on a failure puts that item alone back on its own schedule (exponential backoff), so one bad
// item never holds up the others. After `maxAttempts` a still-failing item is marked failed for a
// person (`npm run outbox`); a refusal by the CMS (4xx) is failed at once. A CMS that already has
// the item (its unique key answered) counts as delivered. The queue is also polled, so items put
// back in line by `npm run outbox` (another process) are picked up.
// Several nodes may run it on one database: each item is claimed for a lease (`leaseMs`), extended
// while it is being sent; a node that dies stops extending, and another takes the item up when
// the lease ends. A CMS that already has it (its unique key) counts as delivered, so an item whose
// answer died with its node is not sent twice. Leases and due times are read on the database's
// clock (`clock`), never the node's: a node whose clock runs fast would take items others hold.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { errorText } from '../log/error-text.ts';
import type { OutboxItem, OutboxKind, OutboxRepository } from '../storage/types.ts';

/** The CMS refused the item (4xx): retrying would not help. */
export class Refused extends Error {
  readonly detail: string;
  constructor(message: string, detail: string) {
    super(message);
    this.detail = detail;
  }
}

export interface RunnerOptions {
  /** The service's logger: `level` marks a failure. */
  log: (line: string, fields?: { level?: 'warn' }) => void;
  /** First retry delay; doubles each attempt up to `maxDelayMs`. */
  baseDelayMs?: number | undefined;
  maxDelayMs?: number;
  /** Attempts before an item is marked failed for a person. */
  maxAttempts?: number | undefined;
  pollMs?: number | undefined;
  /** How long a claimed item is this node's before another may take it (extended while sending). */
  leaseMs?: number | undefined;
  /** The database's clock (storage.clock), on which every node's leases and due times are. */
  clock?: (() => Promise<number>) | undefined;
}

/** This process, as the outbox names the claimer of an item. */
const NODE = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const DEFAULT_MAX_ATTEMPTS = 20;

/** What the log calls an item ("submission 4", "application 7": the outbox id; no application number in logs). */
const label = (item: OutboxItem) => `${item.kind} ${item.id}`;

/** After a failed attempt: failed for a person (refused, or out of attempts), or back on its schedule. */
async function settle(
  outbox: OutboxRepository,
  item: OutboxItem,
  error: Error,
  options: Required<Omit<RunnerOptions, 'pollMs' | 'leaseMs'>>,
) {
  const { log, baseDelayMs, maxDelayMs, maxAttempts, clock } = options;
  // Kept whole for `npm run outbox`; logged without what it quotes (a file path holds the
  // application number, a CMS answer may quote what was sent).
  const message = error.message;
  const logged = errorText(error);
  if (error instanceof Refused) {
    log(`forwarding ${label(item)} refused by the CMS (${logged})`, { level: 'warn' });
    return outbox.failed(item.id, `${message}: ${error.detail}`.slice(0, 500));
  }
  if (item.attempts + 1 >= maxAttempts) {
    log(`forwarding ${label(item)} failed ${item.attempts + 1} times (${logged}); marked failed, see npm run outbox`, {
      level: 'warn',
    });
    return outbox.failed(item.id, `gave up after ${item.attempts + 1} attempts: ${message}`.slice(0, 500));
  }
  const delay = Math.min(baseDelayMs * 2 ** item.attempts, maxDelayMs);
  log(`forwarding ${label(item)} failed (${logged}); retry in ${delay} ms`, { level: 'warn' });
  await outbox.retryLater(item.id, (await clock()) + delay, message.slice(0, 500));
}

/**
 * Renews the claim while the item is sent (files make that long); a lost claim is only logged:
 * the CMS's unique key keeps a second copy out. Stopped with clearInterval.
 */
function keepClaim(
  outbox: OutboxRepository,
  item: OutboxItem,
  { clock, leaseMs, log }: { clock: () => Promise<number>; leaseMs: number; log: RunnerOptions['log'] },
) {
  return setInterval(() => {
    clock()
      .then((now) => outbox.extend(item.id, NODE, now + leaseMs))
      .then(
        (held) => held || log(`${label(item)}: claim lost while sending`),
        () => undefined,
      );
  }, leaseMs / 3);
}

/** Runs the items of `kind`; `send` resolves with the CMS's id for the item. */
export function startOutbox(
  outbox: OutboxRepository,
  kind: OutboxKind,
  send: (item: OutboxItem) => Promise<string>,
  options: RunnerOptions,
) {
  const {
    log,
    baseDelayMs = 1000,
    maxDelayMs = 10 * 60_000,
    maxAttempts = DEFAULT_MAX_ATTEMPTS,
    pollMs = 30_000,
    leaseMs = 60_000,
    clock = async () => Date.now(),
  } = options;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let stopped = false;

  async function attempt(item: OutboxItem) {
    const keep = keepClaim(outbox, item, { clock, leaseMs, log });
    try {
      await outbox.delivered(item.id, await send(item));
    } catch (error) {
      if (!stopped) await settle(outbox, item, error as Error, { log, baseDelayMs, maxDelayMs, maxAttempts, clock });
    } finally {
      clearInterval(keep);
    }
  }

  async function drain() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          if (stopped) return;
          const now = await clock();
          const next = await outbox.next(kind, now, { by: NODE, until: now + leaseMs });
          clearTimeout(timer);
          if (!next) {
            timer = setTimeout(() => void drain(), pollMs);
            break;
          }
          if ('waitUntil' in next) {
            timer = setTimeout(() => void drain(), Math.max(10, Math.min(pollMs, next.waitUntil - now)));
            break;
          }
          await attempt(next);
        }
      } while (again);
    } catch (error) {
      // The database itself failed (disk full, locked): try again later rather than stop for good.
      if (!stopped) {
        log(`outbox paused on an error (${errorText(error)}); retrying in ${pollMs} ms`, { level: 'warn' });
        clearTimeout(timer);
        timer = setTimeout(() => void drain(), pollMs);
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
