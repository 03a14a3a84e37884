// Whether an error is a full disk (or quota): the storage recognises it (a rate limit still answers
// from the window as stored), and the service turns it into its 507 answer (src/service/disk-full.ts).

/** ENOSPC/EDQUOT from the file system, SQLITE_FULL (13) from SQLite. */
export function isDiskFull(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  if (e.errcode === 13 || (typeof e.errcode === 'number' && (e.errcode & 0xff) === 13)) return true;
  return (
    typeof e.message === 'string' &&
    /\b(ENOSPC|EDQUOT|SQLITE_FULL)\b|database or disk is full|no space left on device/i.test(e.message)
  );
}
