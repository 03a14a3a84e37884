// The database did not answer: its connection was lost (a restart, a cut network), it refused or
// timed out. Storage throws these as StorageUnavailable, so that the service answers 503 ("try
// again in a moment") instead of 500, and never ends the process over them.

export class StorageUnavailable extends Error {
  constructor(cause: unknown) {
    super(`storage unavailable (${(cause as Error | undefined)?.message ?? String(cause)})`, { cause });
    this.name = 'StorageUnavailable';
  }
}

/**
 * The connection ended while COMMIT was under way: the transaction may be stored or not. The
 * caller that must know (files to put in place) asks the database again.
 */
export class CommitUncertain extends StorageUnavailable {
  constructor(cause: unknown) {
    super(cause);
    this.name = 'CommitUncertain';
  }
}

const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATE: 08 connection exception; 57014 canceled (statement_timeout); 57P01-57P03 shutdown,
// crash, cannot connect now; 53300 too many connections.
const SQLSTATE = /^(08...|57014|57P0[123]|53300)$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|Client has encountered a connection error|Connection ended/i;

/** Whether `error` says the database is out of reach (not that a statement was wrong). */
export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof StorageUnavailable) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (NETWORK.has(e.code) || SQLSTATE.test(e.code))) return true;
  return typeof e.message === 'string' && MESSAGES.test(e.message);
}

/** `error` as StorageUnavailable when it is a lost connection, else as it is. */
export const asUnavailable = (error: unknown): unknown =>
  isConnectionLoss(error) && !(error instanceof StorageUnavailable) ? new StorageUnavailable(error) : error;

/** `work`'s answer, or StorageUnavailable once `ms` have passed without one (a frozen database). */
export async function answeredWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageUnavailable(new Error(`no answer within ${ms} ms`))), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
