// What the intake service needs from storage; SQLite by default, a server database later.
/** An answer kept for an Idempotency-Key, with the hash of the request body it answered. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  requestHash?: string | undefined;
}
interface OutboxEntry {
  ref: string;
  kind: string;
  createdAt: string;
  attempts: number;
  nextAttemptAt: number;
  failed: string | null;
  lastError: string | null;
}
export type OutboxItem = { id: number; webformId: string; payload: Record<string, unknown>; attempts: number };

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
/** A housing benefit application as stored: `data` has the SIN and dates of birth sealed (AES-256-GCM). */
interface ApplicationRecord {
  id: number;
  number: string;
  lang: string;
  createdAt: string;
  data: string;
  sid: string | null;
  forwardFailed: string | null;
  deliveredAt: string | null;
}
interface NewApplication {
  number: string;
  lang: string;
  data: string;
  forward: boolean;
  files: Array<{ uploadId: string; path: string }>;
}

/** Housing benefit uploads and applications (migration 2). */
interface HousingStorage {
  createUpload(upload: { id: string; group: string; filename: string; size: number | null; createdAt: number }): void;
  finishUpload(id: string, finished: { size: number; detectedType: string; finishedAt: number }): void;
  getUpload(id: string): UploadRecord | undefined;
  deleteUpload(id: string): void;
  /** Ids of uploads not attached to an application and created before `before` (ms). */
  expiredUploads(before: number): string[];
  /** Uploads not attached to an application (in flight or finished), with their size: the uploads quota. */
  unattachedUploads(): Array<{ id: string; size: number | null }>;
  applicationNumberTaken(number: string): boolean;
  /**
   * Stores an application and attaches its uploads in one transaction: every upload must be
   * finished and unattached (else it throws UploadConflict and nothing is stored). `moveFiles`
   * runs inside the transaction and returns an undo used if the commit fails.
   */
  saveApplication(application: NewApplication, moveFiles: () => () => void): number;
  getApplication(number: string): (ApplicationRecord & { files: UploadRecord[] }) | undefined;
  /** The oldest application waiting to be forwarded, or when the next one is due. */
  nextApplicationForward(
    now: number,
  ): { id: number; number: string; attempts: number } | { waitUntil: number } | undefined;
  markApplicationForward(
    id: number,
    outcome: { delivered?: string; failed?: string; retryAt?: number; error?: string },
  ): void;
  setUploadFid(uploadId: string, fid: string): void;
  applicationFiles(applicationId: number): UploadRecord[];
}

export class UploadConflict extends Error {
  readonly uploadId: string;
  constructor(uploadId: string) {
    super('upload not available');
    this.uploadId = uploadId;
  }
}

export interface Storage extends HousingStorage {
  /** Stores a submission (and its forwarding job) in one transaction; returns its id. */
  saveSubmission(
    kind: string,
    data: unknown,
    forward?: { webformId: string; payload: Record<string, unknown> },
  ): number;
  countSubmissions(kind: string): number;
  listSubmissions(kind: string): Array<{ id: number; data: unknown }>;
  getIdempotent(key: string, route: string): StoredAnswer | undefined;
  putIdempotent(key: string, route: string, answer: StoredAnswer): void;
  /** The undelivered forwarding job due first (each on its own schedule), or when the next one is due. */
  nextOutbox(now: number): OutboxItem | { waitUntil: number } | undefined;
  markOutbox(id: number, outcome: { delivered?: boolean; failed?: string; retryAt?: number; error?: string }): void;
  /** Undelivered items of both outboxes: waiting (pending) and given up on (failed, for a person). */
  outboxCounts(): { pending: number; failed: number };
  listOutbox(): OutboxEntry[];
  /** Puts a failed item (`submission:<id>`, `application:<number>`) back in line; false if none. */
  retryOutbox(ref: string): boolean;
  /** Stops forwarding a failed item (it stays stored here); false if none. */
  discardOutbox(ref: string): boolean;
  close(): void;
}
