// A build as the publisher tracks it (shown in the publishing status, kept in the build history),
// and the clock of its phases.
import type { HistoryEntry, TriggerEvent } from './build-history.ts';
import type { SearchOutcome } from '../search/search-bundles.ts';
import type { BuildProgress } from '../build/progress.ts';
import type { BuildNote } from './child-build.ts';

/** A build as the publisher tracks it: its history entry, plus the publish command's outcome. */
export interface BuildRecord extends HistoryEntry {
  publishCommand: { ok: boolean; output: string } | null;
  /** Seconds per phase: webhook to build start, the build's own phases, checks, search index, switch. */
  phases?: Record<string, number> | null;
  /** Who made the release: the resident renderer (pages rendered, peak memory) or the full build and why. */
  builder?: BuildNote | null;
  /** The release's search: a new base index or a delta on the live one, live with the release. */
  search?:
    | ({
        when: 'before' | 'after';
        state: 'pending' | 'live' | 'failed';
        liveAfterMs: number | null;
        error: string | null;
        /** The release that took the live one's files with a new search base (its delta had grown). */
        rebasedIn?: string;
      } & Partial<SearchOutcome>)
    | null;
  /** While it runs: its phase now, and pages done of total while pages render (progress.ts). */
  progress?: BuildProgress | null;
}

export const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The record of a build starting now, asked for at `requested`. */
export function startRecord(id: string, trigger: string, events: TriggerEvent[], requested: number): BuildRecord {
  const started = Date.now();
  return {
    id,
    trigger,
    startedAt: new Date(started).toISOString(),
    finishedAt: null,
    durationMs: null,
    result: 'running',
    error: null,
    pages: null,
    publishCommand: null,
    events,
    warnings: [],
    warningCount: 0,
    phases: { 'webhook to build start': seconds(started - requested) },
    search: null,
  };
}

/** Runs a job, its duration recorded as a phase of the build. */
export async function timed<T>(record: BuildRecord, name: string, job: () => Promise<T>): Promise<T> {
  const from = Date.now();
  record.progress = { phase: name };
  try {
    return await job();
  } finally {
    record.phases![name] = seconds(Date.now() - from);
  }
}
