// How much anonymous tus uploads may hold in DATA_DIR, so that they can never fill it and stop the
// forms: a total for all uploads not yet part of an application (in flight or finished), a share
// per client address, and a free-space reserve on DATA_DIR's file system that a new upload may not
// eat into (what is left is for feedback, corrections and applications). An upload counts for its
// declared length (Upload-Length) from its creation: the bytes it may still write are taken
// before they arrive. The client address of an upload is kept in memory only (never stored):
// after a restart the total still holds, the per-address shares start again.
import { statfs } from 'node:fs/promises';
import { MAX_UPLOAD_BYTES } from '../rules/upload-rules.ts';

export interface UploadQuota {
  /** UPLOADS_QUOTA_MB: all unattached uploads together. */
  totalBytes: number;
  /** UPLOADS_CLIENT_QUOTA_MB: unattached uploads of one client address. */
  perClientBytes: number;
  /** DATA_DIR_RESERVE_MB: free space on DATA_DIR an upload never takes. */
  reserveBytes: number;
}

const MB = 1024 * 1024;
export const DEFAULT_UPLOAD_QUOTA: UploadQuota = {
  totalBytes: 2048 * MB,
  perClientBytes: 100 * MB,
  reserveBytes: 512 * MB,
};

/** 'client_quota': this address holds its share; 'storage_full': the total or the reserve is reached. */
export type QuotaVerdict = 'ok' | 'client_quota' | 'storage_full';

export interface QuotaAccounts {
  /** Unattached uploads (in flight or finished) with their declared or final size. */
  unattachedUploads(): Promise<Array<{ id: string; size: number | null }>>;
}

interface Pending {
  address: string;
  bytes: number;
  /** Set once tus created it. */
  id?: string;
  createdAt?: number;
}

/** Free bytes for an unprivileged writer on the file system of `directory`. */
async function freeBytes(directory: string): Promise<number> {
  const s = await statfs(directory);
  return s.bavail * s.bsize;
}

export function createUploadQuota(options: { quota: UploadQuota; accounts: QuotaAccounts; directory: string }) {
  const { quota, accounts, directory } = options;
  const free = freeBytes;
  // upload id -> client address (memory only) and the read count at its creation
  const owners = new Map<string, { address: string; at: number }>();
  // Admitted uploads the rows read may not show yet: counted until a read begun after their
  // creation (`seen`) answers, since a read and a creation can overlap.
  const pending = new Set<Pending>();
  let reads = 0;

  /** What the address and everyone hold in `rows`, read from `seen` on (forgetting uploads that are gone or attached). */
  function held(address: string, rows: Array<{ id: string; size: number | null }>, seen: number) {
    const live = new Set(rows.map((r) => r.id));
    for (const p of pending) if (p.createdAt !== undefined && p.createdAt < seen) pending.delete(p);
    for (const [id, owner] of owners) if (!live.has(id) && owner.at < seen) owners.delete(id);
    let total = 0;
    let mine = 0;
    for (const row of rows) {
      const bytes = row.size ?? MAX_UPLOAD_BYTES;
      total += bytes;
      if (owners.get(row.id)?.address === address) mine += bytes;
    }
    for (const p of pending) {
      if (p.id !== undefined && live.has(p.id)) continue; // counted in its row
      total += p.bytes;
      if (p.address === address) mine += p.bytes;
    }
    return { total, mine };
  }

  return {
    /**
     * Decides a new upload of `declared` bytes (null: deferred length, counted as the largest
     * allowed). When admitted, `created(id)` or `abandoned()` must follow.
     */
    async admit(address: string, declared: number | null) {
      const bytes = declared !== null && declared >= 0 ? Math.min(declared, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES;
      const seen = ++reads;
      const [available, rows] = await Promise.all([free(directory), accounts.unattachedUploads()]);
      // From here on synchronous: two creations cannot both take the last share.
      const { total, mine } = held(address, rows, seen);
      let verdict: QuotaVerdict = 'ok';
      if (mine + bytes > quota.perClientBytes) verdict = 'client_quota';
      else if (total + bytes > quota.totalBytes) verdict = 'storage_full';
      else if (available - pendingBytes() - bytes < quota.reserveBytes) verdict = 'storage_full';
      if (verdict !== 'ok') return { verdict, created: () => undefined, abandoned: () => undefined };
      const entry: Pending = { address, bytes };
      pending.add(entry);
      return {
        verdict,
        created: (id: string) => {
          entry.createdAt = reads;
          entry.id = id;
          owners.set(id, { address, at: reads });
        },
        abandoned: () => void pending.delete(entry),
      };
    },
    /** A chunk of `bytes` may be written only if DATA_DIR keeps its reserve after it. */
    async reserveKept(bytes: number): Promise<boolean> {
      return (await free(directory)) - bytes >= quota.reserveBytes;
    },
  };

  function pendingBytes() {
    let sum = 0;
    for (const p of pending) if (p.createdAt === undefined) sum += p.bytes;
    return sum;
  }
}
