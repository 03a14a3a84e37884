// The intake service's metrics (docs/operations.md lists them), on prom-client with a registry of
// its own (one per service started, as the tests start several in one process): requests and
// their latency per route pattern, observed by the request log; at each scrape, the outbox, the
// features' gauges (the uploads in progress), the publisher's builds (from its build history) and
// the disk space left.
// Label values come from code (route patterns, methods, statuses), never from a raw path, so the
// number of series stays bounded; prom-client escapes them all the same.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FeatureGauge } from '../platform/feature.ts';
import type { Storage } from '../storage/types.ts';
import { diskSpace } from './disk-space.ts';
import { buildMetrics, type BuildsSource } from './build-metrics.ts';
import { replaceSeries } from './replace-series.ts';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsSources {
  storage: Pick<Storage, 'outbox'>;
  /** The features' gauges. */
  gauges: FeatureGauge[];
  /** The publisher, when publishing is on. */
  builds?: BuildsSource | undefined;
  /** Folders whose file system's free space is reported (data, uploads, releases). */
  folders: Array<{ name: string; path: string }>;
}

export function createIntakeMetrics(now: () => number = Date.now) {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'intake_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'intake_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const outbox = new Gauge({
    name: 'intake_outbox_items',
    help: 'Outbox items not delivered to the CMS: pending (being retried) and failed (for a person, npm run outbox).',
    labelNames: ['state'],
    registers,
  });
  const freeBytes = new Gauge({
    name: 'intake_disk_free_bytes',
    help: 'Bytes the service may still write on the file system of each folder.',
    labelNames: ['folder'],
    registers,
  });
  const sizeBytes = new Gauge({
    name: 'intake_disk_size_bytes',
    help: 'Size of the file system of each folder.',
    labelNames: ['folder'],
    registers,
  });
  // Registered at the first scrape that has a publisher: without publishing, no build series.
  const builds = buildMetrics(registry, now);
  // The features' gauges, each registered at the first scrape that has it.
  const featureGauges = new Map<string, Gauge>();
  const featureGauge = ({ name, help }: FeatureGauge) => {
    const gauge = featureGauges.get(name) ?? new Gauge({ name, help, registers });
    featureGauges.set(name, gauge);
    return gauge;
  };

  return {
    /** One answered request (`route`: the pattern that answered it, never the raw path). */
    observe(route: string, method: string, status: number, seconds: number) {
      const m = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ route, method: m, status: String(status) });
      latency.observe({ route, method: m }, seconds);
    },
    async render(sources: MetricsSources): Promise<string> {
      const counts = await Promise.resolve(sources.storage.outbox.counts());
      replaceSeries(outbox, [
        { labels: { state: 'pending' }, value: counts.pending },
        { labels: { state: 'failed' }, value: counts.failed },
      ]);
      for (const gauge of sources.gauges) featureGauge(gauge).set(await gauge.read());
      const disks = await diskSpace(sources.folders);
      replaceSeries(
        freeBytes,
        disks.map((d) => ({ labels: { folder: d.folder }, value: d.freeBytes })),
      );
      replaceSeries(
        sizeBytes,
        disks.map((d) => ({ labels: { folder: d.folder }, value: d.sizeBytes })),
      );
      if (sources.builds) await builds.collect(sources.builds);
      return registry.metrics();
    },
  };
}

export type IntakeMetrics = ReturnType<typeof createIntakeMetrics>;
