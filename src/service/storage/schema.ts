// The tables as the repositories see them (what the numbered migrations of sqlite/migrations/
// and postgres/migrations/ make), for the query builder: one set of queries for both engines.
import type { Generated } from 'kysely';
import type { OutboxKind } from './types.ts';

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
  applications: { id: Generated<number>; number: string; lang: string; created_at: string; data: string };
  uploads: {
    id: string;
    grp: string;
    filename: string;
    size: number | null;
    created_at: number;
    finished_at: number | null;
    detected_type: string | null;
    application_id: number | null;
    path: string | null;
    fid: string | null;
  };
  data_dir_identity: { singleton: number; id: string; path: string; recorded_at: string };
}
