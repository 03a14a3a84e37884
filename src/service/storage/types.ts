// What the intake service needs from storage: one repository per table, each an interface, so a
// server database can sit beside the SQLite implementation (src/service/storage/sqlite.ts).
// Writes that span tables (a submission and its outbox item, an application with its uploads and
// its outbox item) run inside `Storage.transaction`.

/** An answer kept for an Idempotency-Key, with the hash of the request body it answered. */
interface StoredAnswer {
  status: number;
  body: unknown;
  requestHash?: string | undefined;
}

/** Feedback and correction requests (`kind`), as submitted. */
export interface SubmissionsRepository {
  /** Stores a submission; returns its id. */
  add(kind: string, data: unknown): number;
  count(kind: string): number;
  list(kind: string): Array<{ id: number; data: unknown }>;
}

export interface IdempotencyRepository {
  get(key: string, route: string): StoredAnswer | undefined;
  /** Keeps the first answer for a key: a second one for the same key is ignored. */
  put(key: string, route: string, answer: StoredAnswer): void;
}

/** Which forwarder takes an outbox item; `ref` is the submission's id or the application's number. */
export type OutboxKind = 'submission' | 'application';

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
  }): void;
  /** The undelivered item of `kind` due first (each on its own schedule), or when the next one is due. */
  next(kind: OutboxKind, now: number): OutboxItem | { waitUntil: number } | undefined;
  delivered(id: number, sid: string): void;
  retryLater(id: number, at: number, error: string): void;
  /** Given up on: kept for a person (`npm run outbox`). */
  failed(id: number, reason: string): void;
  state(kind: OutboxKind, ref: string): OutboxState | undefined;
  /** Undelivered items: waiting (pending) and given up on (failed, for a person). */
  counts(): { pending: number; failed: number };
  list(): OutboxEntry[];
  /** Puts a failed item (`submission:<id>`, `application:<number>`) back in line; false if none. */
  retry(ref: string): boolean;
  /** Stops forwarding a failed item (what it sends stays stored here); false if none. */
  discard(ref: string): boolean;
}

/** A tus upload as the intake service tracks it (the bytes stay on disk, never in the database). */
export interface UploadRecord {
  id: string;
  group: string;
  filename: string;
  size: number | null;
  createdAt: number;
  finishedAt: number | null;
  detectedType: string | null;
  applicationId: number | null;
  path: string | null;
  fid: string | null;
}

/** Housing benefit uploads (the method names are what src/features/chb-registration/server/uploads.ts calls). */
export interface UploadsRepository {
  createUpload(upload: { id: string; group: string; filename: string; size: number | null; createdAt: number }): void;
  finishUpload(id: string, finished: { size: number; detectedType: string; finishedAt: number }): void;
  getUpload(id: string): UploadRecord | undefined;
  deleteUpload(id: string): void;
  /** Ids of uploads not attached to an application and created before `before` (ms). */
  expiredUploads(before: number): string[];
  /** Uploads not attached to an application (in flight or finished), with their size: the uploads quota. */
  unattachedUploads(): Array<{ id: string; size: number | null }>;
  /** Attaches a finished, unattached upload to an application; false if it is not one. */
  attach(uploadId: string, applicationId: number, path: string): boolean;
  setFid(uploadId: string, fid: string): void;
  ofApplication(applicationId: number): UploadRecord[];
}

/** A housing benefit application as stored: `data` has the SIN and dates of birth sealed (AES-256-GCM). */
export interface ApplicationRecord {
  id: number;
  number: string;
  lang: string;
  createdAt: string;
  data: string;
}

export interface ApplicationsRepository {
  /** Stores an application; returns its id. */
  add(application: { number: string; lang: string; data: string }): number;
  get(number: string): ApplicationRecord | undefined;
  numberTaken(number: string): boolean;
}

export interface Storage {
  submissions: SubmissionsRepository;
  idempotency: IdempotencyRepository;
  outbox: OutboxRepository;
  uploads: UploadsRepository;
  applications: ApplicationsRepository;
  /** Runs `work` in one transaction: all its writes are stored, or none (it throws). */
  transaction<T>(work: () => T): T;
  close(): void;
}
