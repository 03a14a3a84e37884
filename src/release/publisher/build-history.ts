// The publishing history editors see: the most recent builds with what triggered them, how long
// they took, their result and warnings. Kept in RELEASES_DIR/build-history.json so it survives a
// restart of the service; bounded, newest first. Every node sharing RELEASES_DIR writes into it:
// each write merges one build's entry into the file as it is, never a node's memory of it.
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

/** What a full build's reconciliation found the deltas had missed (resident/reconcile.ts). */
interface ReconciliationFinding {
  compared: boolean;
  differences: number;
  found: string[];
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
  /** Which builder made it (child-build.ts), with its reconciliation's finding when it ran one. */
  builder?: { builder: string; reconciliation?: ReconciliationFinding | undefined } | null;
}

/** What a build left "running" by a service that was stopped or killed says after a restart. */
const INTERRUPTED_MESSAGE =
  'Interrupted: the service stopped during this build; its folder was removed and the live release did not change.';

export function createBuildHistory(releasesDir: string, limit = HISTORY_LIMIT) {
  const file = path.join(releasesDir, HISTORY_FILE);
  // This process's writes, one after the other (across nodes, writes happen under the build lock).
  let writing = Promise.resolve();

  /** The file as it is now: several nodes write it, so it is never answered from memory. */
  async function load(): Promise<HistoryEntry[]> {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as HistoryEntry[];
    } catch {
      return [];
    }
  }

  /** Reads the file, changes it, writes it whole (through a rename). */
  function update(change: (list: HistoryEntry[]) => boolean): Promise<void> {
    const job = writing.then(async () => {
      const list = await load();
      if (!change(list)) return;
      list.length = Math.min(list.length, limit);
      await mkdir(releasesDir, { recursive: true });
      await writeWhole(file, JSON.stringify(list, null, 2));
    });
    writing = job.catch(() => undefined);
    return job;
  }

  return {
    load,
    /**
     * Writes down that builds left "running" were interrupted. Only with the build lock held and no
     * build of this node running: then no node is building, and "running" is left over.
     */
    async settleInterrupted(): Promise<number> {
      let interrupted = 0;
      await update((list) => {
        list.forEach((e, i) => {
          if (e.result !== 'running') return;
          interrupted++;
          list[i] = {
            ...e,
            result: 'failed',
            interrupted: true,
            error: INTERRUPTED_MESSAGE,
            finishedAt: new Date().toISOString(),
          };
        });
        return interrupted > 0;
      });
      return interrupted;
    },
    /** Adds or replaces (same id) an entry, merged into the file as it is now. */
    async save(entry: HistoryEntry): Promise<void> {
      const copy = { ...entry, warnings: entry.warnings.slice(0, WARNINGS_LIMIT) };
      await update((list) => {
        const index = list.findIndex((e) => e.id === entry.id);
        if (index >= 0) list[index] = copy;
        else list.unshift(copy);
        return true;
      });
    },
  };
}
