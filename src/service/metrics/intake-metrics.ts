// The intake service's metrics (docs/operations.md lists them): requests and their latency per
// route pattern, observed by the request log; at each scrape, the outbox, the uploads in
// progress, the publisher's builds (from its build history) and the disk space left.
import type { Storage } from '../storage/types.ts';
import { counter, exposition, gauge, histogram } from './exposition.ts';
import { diskSpace } from './disk-space.ts';
import { buildMetrics, type BuildsSource } from './build-metrics.ts';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsSources {
  storage: Pick<Storage, 'outbox' | 'uploads'>;
  /** The publisher, when publishing is on. */
  builds?: BuildsSource | undefined;
  /** Folders whose file system's free space is reported (data, uploads, releases). */
  folders: Array<{ name: string; path: string }>;
}

/** Uploads created and not finished yet (tus uploads still receiving bytes, or abandoned mid-way). */
async function uploadsInProgress(uploads: MetricsSources['storage']['uploads']): Promise<number> {
  // Storage may answer with promises (a server database): awaited either way.
  const rows = await Promise.resolve(uploads.unattachedUploads());
  let count = 0;
  for (const row of rows) {
    const record = await Promise.resolve(uploads.getUpload(row.id));
    if (record && record.finishedAt === null) count++;
  }
  return count;
}

export function createIntakeMetrics(now: () => number = Date.now) {
  const requests = counter(
    'intake_http_requests_total',
    'HTTP requests answered, by route pattern, method and status.',
  );
  const latency = histogram(
    'intake_http_request_duration_seconds',
    'Time from a request to its answer, by route pattern and method.',
    LATENCY_BUCKETS,
  );
  const outbox = gauge(
    'intake_outbox_items',
    'Outbox items not delivered to the CMS: pending (being retried) and failed (for a person, npm run outbox).',
  );
  const uploads = gauge('intake_uploads_in_progress', 'Uploads started and not finished (tus).');
  const freeBytes = gauge(
    'intake_disk_free_bytes',
    'Bytes the service may still write on the file system of each folder.',
  );
  const sizeBytes = gauge('intake_disk_size_bytes', 'Size of the file system of each folder.');
  const builds = buildMetrics(now);

  return {
    /** One answered request (`route`: the pattern that answered it, never the raw path). */
    observe(route: string, method: string, status: number, seconds: number) {
      const m = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ route, method: m, status: String(status) });
      latency.observe({ route, method: m }, seconds);
    },
    /** Series of the request metrics (tests: the number stays bounded). */
    requestSeries: () => requests.size + latency.size,
    async render(sources: MetricsSources): Promise<string> {
      const counts = await Promise.resolve(sources.storage.outbox.counts());
      outbox.set([
        { labels: { state: 'pending' }, value: counts.pending },
        { labels: { state: 'failed' }, value: counts.failed },
      ]);
      uploads.set([{ value: await uploadsInProgress(sources.storage.uploads) }]);
      const disks = await diskSpace(sources.folders);
      freeBytes.set(disks.map((d) => ({ labels: { folder: d.folder }, value: d.freeBytes })));
      sizeBytes.set(disks.map((d) => ({ labels: { folder: d.folder }, value: d.sizeBytes })));
      const publisher = sources.builds;
      if (publisher) await builds.collect(publisher);
      return exposition([
        requests,
        latency,
        outbox,
        uploads,
        ...(publisher ? builds.metrics : []),
        freeBytes,
        sizeBytes,
      ]);
    },
  };
}

export type IntakeMetrics = ReturnType<typeof createIntakeMetrics>;
