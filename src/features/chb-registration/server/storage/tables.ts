// The registration's tables as its repositories see them (what its migrations/ make), for the
// platform's query builder (Kysely's withTables).
import type { Generated } from 'kysely';

export type RegistrationTables = {
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
};
