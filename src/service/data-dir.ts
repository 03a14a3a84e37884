// DATA_DIR holds SINs, dates of birth and identity documents: only the service's own user may
// read it. The service refuses to start on a folder other users can read or enter, rather than
// quietly sharing it, and creates every file in it owner-only (0600, folders 0700) explicitly
// where it is created (database, uploads, application folders, key). Not by a process-wide umask:
// the publisher runs in the same process, and the releases it builds must stay readable by nginx.
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LogLine } from './log/logger.ts';

export class DataDirError extends Error {}

/** Creates DATA_DIR (0700) or checks an existing one; files left readable by others are made 0600. */
export function prepareDataDir(dataDir: string, log: LogLine): void {
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if (mode & 0o077) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} is open to other users (mode ${mode.toString(8)}); it holds applicants' SINs and documents. Run: chmod 700 ${JSON.stringify(dataDir)}`,
    );
  }
  // Files written before this check existed (intake.sqlite, -wal, -shm, uploads) become owner-only.
  // Counted, not named: their paths hold application numbers.
  let repaired = 0;
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const fileMode = statSync(file).mode & 0o777;
    if (fileMode & 0o077) {
      chmodSync(file, entry.isDirectory() ? 0o700 : 0o600);
      repaired++;
    }
  }
  if (repaired)
    log(`made ${repaired} files and folders of DATA_DIR owner-only (they were open to others)`, { level: 'warn' });
}
