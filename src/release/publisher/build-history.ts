// The publishing history editors see: the most recent builds with what triggered them, how long
// they took, their result and warnings. Kept in RELEASES_DIR/build-history.json so it survives a
// restart of the service; bounded, newest first.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildWarning } from '../../content/build-warnings.ts';
import { writeWhole } from '../write-whole.ts';

const HISTORY_FILE = 'build-history.json';
const HISTORY_LIMIT = 50;
/** Warnings kept per build (a site-wide problem could produce thousands). */
const WARNINGS_LIMIT = 200;

/** What the CMS said changed (the webhook body), one per save that led to the build. */
export interface TriggerEvent {
  event?: string | undefined;
  bundle?: string | undefined;
  id?: string | undefined;
  langcode?: string | undefined;
  /** The id of the webhook request (the service's logs). */
  requestId?: string | undefined;
  at: string;
}

export interface HistoryEntry {
  id: string;
  trigger: string;
  events: TriggerEvent[];
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  result: 'running' | 'success' | 'failed';
  error: string | null;
  pages: number | null;
  warnings: BuildWarning[];
  warningCount: number;
  /** The service stopped (was killed) while this build ran: it never finished. */
  interrupted?: boolean;
  /** The build ran longer than PUBLISH_TIMEOUT_SECONDS and was killed. */
  timedOut?: boolean;
}

/** What a build left "running" by a service that was stopped or killed says after a restart. */
const INTERRUPTED_MESSAGE =
  'Interrupted: the service stopped during this build; its folder was removed and the live release did not change.';

export function createBuildHistory(releasesDir: string, limit = HISTORY_LIMIT) {
  const file = path.join(releasesDir, HISTORY_FILE);
  let entries: HistoryEntry[] | null = null;
  let writing = Promise.resolve();

  async function load(): Promise<HistoryEntry[]> {
    if (entries) return entries;
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as HistoryEntry[];
      // A build cut short by a restart never finished: say so rather than "running" forever.
      entries = parsed.map((e) =>
        e.result === 'running' ? { ...e, result: 'failed', interrupted: true, error: INTERRUPTED_MESSAGE } : e,
      );
    } catch {
      entries = [];
    }
    return entries;
  }

  return {
    load,
    /** At start-up: writes down that builds left "running" were interrupted. */
    async settleInterrupted(): Promise<number> {
      const list = await load();
      const interrupted = list.filter((e) => e.interrupted && !e.finishedAt);
      for (const entry of interrupted) entry.finishedAt = new Date().toISOString();
      if (interrupted.length > 0) await this.save(interrupted[0]!);
      return interrupted.length;
    },
    /** Adds or replaces (same id) an entry and writes the file (whole, through a rename). */
    async save(entry: HistoryEntry): Promise<void> {
      const list = await load();
      const copy = { ...entry, warnings: entry.warnings.slice(0, WARNINGS_LIMIT) };
      const index = list.findIndex((e) => e.id === entry.id);
      if (index >= 0) list[index] = copy;
      else list.unshift(copy);
      list.length = Math.min(list.length, limit);
      const text = JSON.stringify(list, null, 2);
      writing = writing
        .then(async () => {
          await mkdir(releasesDir, { recursive: true });
          await writeWhole(file, text);
        })
        .catch(() => undefined);
      await writing;
    },
  };
}
