// Builds as the publisher's build history tells them (RELEASES_DIR/build-history.json): each
// build that finished since the service started is counted once, with its duration, by result;
// whether one is running, how many saves wait, and when the last one finished and how.
import { counter, gauge, histogram } from './exposition.ts';

interface HistoryEntryLike {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  result: 'running' | 'success' | 'failed';
}

/** What /metrics reads of the publisher (its status()). */
export interface BuildsSource {
  status(): Promise<{ building: boolean; queued: number; history: HistoryEntryLike[] }>;
}

const BUILD_BUCKETS = [5, 10, 30, 60, 120, 300, 600, 1200, 1800];

export function buildMetrics(now: () => number) {
  const since = now();
  const seen = new Set<string>();
  const finished = counter('intake_publish_builds_total', 'Builds finished since the service started, by result.');
  const durations = histogram(
    'intake_publish_build_duration_seconds',
    'How long builds finished since the service started took, by result.',
    BUILD_BUCKETS,
  );
  const building = gauge('intake_publish_building', '1 while a build runs.');
  const queued = gauge('intake_publish_queued', 'Saves waiting for the next build.');
  const last = gauge('intake_publish_last_build_success', 'The last finished build: 1 went live, 0 failed.');
  const lastAt = gauge('intake_publish_last_build_finished_timestamp_seconds', 'When the last build finished.');
  return {
    metrics: [finished, durations, building, queued, last, lastAt],
    async collect(source: BuildsSource) {
      const status = await source.status();
      building.set([{ value: status.building ? 1 : 0 }]);
      queued.set([{ value: status.queued }]);
      const done = status.history.filter((e) => e.finishedAt && e.result !== 'running');
      for (const entry of [...done].reverse()) {
        if (seen.has(entry.id) || Date.parse(entry.startedAt) < since) continue;
        seen.add(entry.id);
        finished.inc({ result: entry.result });
        durations.observe({ result: entry.result }, (entry.durationMs ?? 0) / 1000);
      }
      // Forget builds that left the history (bounded): they cannot come back.
      const kept = new Set(status.history.map((e) => e.id));
      for (const id of seen) if (!kept.has(id)) seen.delete(id);
      const newest = done[0];
      last.set(newest ? [{ value: newest.result === 'success' ? 1 : 0 }] : []);
      lastAt.set(newest ? [{ value: Date.parse(newest.finishedAt!) / 1000 }] : []);
    },
  };
}
