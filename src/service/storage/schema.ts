// The platform's tables as its repositories see them (what the numbered migrations of
// sqlite/migrations/ and postgres/migrations/ make), for the query builder: one set of queries for
// both engines. A feature's tables are described in the feature (Kysely's withTables).
import type { Generated } from 'kysely';

/** Which forwarder takes an outbox item (a submission, or a feature's own kind); `ref` is the item's id in it. */
export type OutboxKind = 'submission' | 'application';

export interface Tables {
  submissions: { id: Generated<number>; kind: string; created_at: string; data: string };
  idempotency: {
    key: string;
    route: string;
    status: number;
    body: string;
    request_hash: string | null;
    created_at: number;
  };
  outbox: {
    id: Generated<number>;
    kind: OutboxKind;
    ref: string;
    created_at: string;
    webform_id: string | null;
    payload: string | null;
    attempts: Generated<number>;
    next_attempt_at: Generated<number>;
    sid: string | null;
    delivered_at: string | null;
    failed: string | null;
    last_error: string | null;
    claimed_by: string | null;
    claimed_until: Generated<number>;
  };
  rate_limits: { key: string; window_start: number; count: number };
  data_dir_identity: { singleton: number; id: string; path: string; recorded_at: string };
}
