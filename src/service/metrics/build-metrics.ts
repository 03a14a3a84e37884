// Builds as the publisher's build history tells them (RELEASES_DIR/build-history.json): each
// build that finished since the service started is counted once, with its duration, by result;
// whether one is running, how many saves wait, and when the last one finished and how. The
// series join the registry at the first collect (a service without publishing has none), and
// the last build's two gauges only once a build has finished: prom-client writes a gauge
// without labels as 0 until it is set, and 0 here would read "the last build failed".
import { Counter, Gauge, Histogram, type Metric, type Registry } from 'prom-client';

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

/** In the registry once, or taken out of it. */
function present(registry: Registry, metric: Metric, shown: boolean) {
  // prom-client's types leave out the name every metric has.
  const { name } = metric as unknown as { name: string };
  const registered = registry.getSingleMetric(name) === metric;
  if (shown && !registered) registry.registerMetric(metric);
  if (!shown && registered) registry.removeSingleMetric(name);
}

export function buildMetrics(registry: Registry, now: () => number) {
  const since = now();
  const seen = new Set<string>();
  const registers: Registry[] = [];
  const finished = new Counter({
    name: 'intake_publish_builds_total',
    help: 'Builds finished since the service started, by result.',
    labelNames: ['result'],
    registers,
  });
  const durations = new Histogram({
    name: 'intake_publish_build_duration_seconds',
    help: 'How long builds finished since the service started took, by result.',
    labelNames: ['result'],
    buckets: BUILD_BUCKETS,
    registers,
  });
  const building = new Gauge({ name: 'intake_publish_building', help: '1 while a build runs.', registers });
  const queued = new Gauge({ name: 'intake_publish_queued', help: 'Saves waiting for the next build.', registers });
  const last = new Gauge({
    name: 'intake_publish_last_build_success',
    help: 'The last finished build: 1 went live, 0 failed.',
    registers,
  });
  const lastAt = new Gauge({
    name: 'intake_publish_last_build_finished_timestamp_seconds',
    help: 'When the last build finished.',
    registers,
  });
  return {
    async collect(source: BuildsSource) {
      const status = await source.status();
      for (const metric of [finished, durations, building, queued]) present(registry, metric, true);
      building.set(status.building ? 1 : 0);
      queued.set(status.queued);
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
      for (const metric of [last, lastAt]) present(registry, metric, Boolean(newest));
      if (!newest) return;
      last.set(newest.result === 'success' ? 1 : 0);
      lastAt.set(Date.parse(newest.finishedAt!) / 1000);
    },
  };
}
