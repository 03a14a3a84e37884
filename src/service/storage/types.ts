// What the intake service needs from storage: one repository per table, each an interface, one
// implementation for both engines (repositories/, on the query builder; sqlite.ts, postgres.ts).
// Writes that span tables (a submission and its outbox item; a feature's rows and its outbox item)
// run inside `Storage.transaction`. A feature's own tables are its own (their migrations and
// repositories in the feature, on `query`: src/service/platform/storage.ts).
import type { Db } from './dialect.ts';
import type { OutboxKind } from './schema.ts';

export type { OutboxKind } from './schema.ts';

/** An answer kept for an Idempotency-Key, with the hash of the request body it answered. */
interface StoredAnswer {
  status: number;
  body: unknown;
  requestHash?: string | undefined;
}

/** Feedback and correction requests (`kind`), as submitted. */
export interface SubmissionsRepository {
  /** Stores a submission; returns its id. */
  add(kind: string, data: unknown): Promise<number>;
  count(kind: string): Promise<number>;
  list(kind: string): Promise<Array<{ id: number; data: unknown }>>;
}

export interface IdempotencyRepository {
  get(key: string, route: string): Promise<StoredAnswer | undefined>;
  /** Keeps the first answer for a key: a second one for the same key is ignored (false). */
  put(key: string, route: string, answer: StoredAnswer): Promise<boolean>;
  /**
   * Claims the key for the transaction it runs in (the unique index decides: on PostgreSQL a
   * claim in another open transaction is waited for); false when it is someone else's answer.
   */
  claim(key: string, route: string, requestHash: string): Promise<boolean>;
  /** The answer of a key this transaction claimed. */
  answer(key: string, route: string, answer: { status: number; body: unknown }): Promise<void>;
  /** Forgets the keys kept since before `before` (ms); how many. */
  forgetBefore(before: number): Promise<number>;
  /** Forgets one key (an answer that must not stand: a webhook delivery the publisher never got). */
  forget(key: string, route: string): Promise<void>;
}

/** An outbox item due to be sent. */
export interface OutboxItem {
  id: number;
  kind: OutboxKind;
  ref: string;
  /** What a submission sends (applications build theirs at send time: the SIN is never stored open). */
  webformId: string | null;
  payload: Record<string, unknown> | null;
  attempts: number;
}

/** An outbox item as `npm run outbox` lists it; `ref` is `<kind>:<ref>` (`submission:4`, `application:4827-1593-6604`). */
export interface OutboxEntry {
  ref: string;
  /** What was submitted: feedback, correction, application. */
  kind: string;
  createdAt: string;
  attempts: number;
  nextAttemptAt: number;
  failed: string | null;
  lastError: string | null;
}

/** The forwarding state of one item. */
interface OutboxState {
  attempts: number;
  sid: string | null;
  deliveredAt: string | null;
  failed: string | null;
}

export interface OutboxRepository {
  add(item: {
    kind: OutboxKind;
    ref: string;
    webformId?: string | undefined;
    payload?: Record<string, unknown> | undefined;
  }): Promise<void>;
  /**
   * Claims the undelivered item of `kind` due first (each on its own schedule) for `claim.by`
   * until `claim.until` (ms), or says when the next one is due. An item claimed by another node
   * is due when its claim ends: a node that died loses its items then.
   */
  next(
    kind: OutboxKind,
    now: number,
    claim: { by: string; until: number },
  ): Promise<OutboxItem | { waitUntil: number } | undefined>;
  /** Extends a claim still held by `by` (while a long send runs); false if it was lost. */
  extend(id: number, by: string, until: number): Promise<boolean>;
  /** Delivered, back on its schedule, failed: each also ends the claim. */
  delivered(id: number, sid: string): Promise<void>;
  retryLater(id: number, at: number, error: string): Promise<void>;
  /** Given up on: kept for a person (`npm run outbox`). */
  failed(id: number, reason: string): Promise<void>;
  state(kind: OutboxKind, ref: string): Promise<OutboxState | undefined>;
  /** Undelivered items: waiting (pending) and given up on (failed, for a person). */
  counts(): Promise<{ pending: number; failed: number }>;
  list(): Promise<OutboxEntry[]>;
  /** Puts a failed item (`submission:<id>`, `application:<number>`) back in line; false if none. */
  retry(ref: string): Promise<boolean>;
  /** Stops forwarding a failed item (what it sends stays stored here); false if none. */
  discard(ref: string): Promise<boolean>;
}

/** Fixed-window counters (rate limits, wrong-token lock-outs), shared by every node on the database. */
export interface RateLimitsRepository {
  /**
   * Counts one event for `key` in its window of `windowMs` (up to an hour) from its first event, at
   * `now` (undefined: the database's clock, the one every node shares); the time it counted at.
   */
  hit(
    key: string,
    now: number | undefined,
    windowMs: number,
  ): Promise<{ count: number; windowStart: number; now: number }>;
  /** Takes one event of `key`'s window back. */
  forgive(key: string): Promise<void>;
}

/** The repositories, one per table; inside `Storage.transaction` the ones its work is given. */
export interface Repositories {
  submissions: SubmissionsRepository;
  idempotency: IdempotencyRepository;
  outbox: OutboxRepository;
  rateLimits: RateLimitsRepository;
  /** The query builder these repositories run on (the storage's, or the transaction's): a feature's repositories run on it too. */
  query: Db;
}

/** Gives a named lock back; `lost` (PostgreSQL) is aborted if the lock went with its connection. */
export type Release = (() => Promise<void>) & { lost?: AbortSignal };

/** Which engine holds the data: SQLite in DATA_DIR (the default), or PostgreSQL (DATABASE_URL). */
type Engine = 'sqlite' | 'postgres';

export interface Storage extends Repositories {
  engine: Engine;
  /**
   * Runs `work` in one transaction with the repositories it is given (`tx`): all its writes are
   * stored, or none (it throws). Writes through the outer repositories are not part of it.
   */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * Takes the named lock if no one holds it (PostgreSQL: an advisory lock, held across nodes
   * until released or the holder's connection ends; SQLite: within this process); its release,
   * or undefined when it is held.
   */
  tryLock(name: string): Promise<Release | undefined>;
  /**
   * The database's clock (ms since the epoch): the outbox's leases and due times of every node are
   * on it, so a node whose own clock is wrong neither takes another's item nor loses its own.
   */
  clock(): Promise<number>;
  /**
   * Records `folder` as the data folder of this database unless one is recorded already; the one
   * recorded (a node with another DATA_DIR refuses to start: data-dir-identity.ts).
   */
  claimDataDir(folder: DataDirIdentity): Promise<DataDirIdentity>;
  close(): Promise<void>;
}

/** A data folder: the id written in it, and its path when it was recorded. */
export interface DataDirIdentity {
  id: string;
  path: string;
}
