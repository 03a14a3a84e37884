// What the intake service needs from storage; SQLite by default, a server database later.
export interface StoredAnswer { status: number; body: unknown }
export type OutboxItem = { id: number; webformId: string; payload: Record<string, unknown>; attempts: number };

export interface Storage {
  /** Stores a submission (and its forwarding job) in one transaction; returns its id. */
  saveSubmission(kind: string, data: unknown, forward?: { webformId: string; payload: Record<string, unknown> }): number;
  countSubmissions(kind: string): number;
  listSubmissions(kind: string): Array<{ id: number; data: unknown }>;
  getIdempotent(key: string, route: string): StoredAnswer | undefined;
  putIdempotent(key: string, route: string, answer: StoredAnswer): void;
  /** The oldest undelivered forwarding job, or when the next one is due. */
  nextOutbox(now: number): OutboxItem | { waitUntil: number } | undefined;
  markOutbox(id: number, outcome: { delivered?: boolean; failed?: string; retryAt?: number }): void;
  close(): void;
}
