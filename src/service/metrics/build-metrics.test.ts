// Build metrics from a real publisher's build history: builds finished since the metrics started,
// each counted once however often it is scraped, with its duration; a build running shows.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createPublisher } from '../../release/publisher/publisher.ts';
import { buildMetrics } from './build-metrics.ts';

describe('build metrics', () => {
  it('counts each finished build once, by result, with its duration, and shows one running', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'hmet-builds-'));
    // Each build waits until the test lets it end (with a failure).
    const gates: Array<() => void> = [];
    const publisher = createPublisher({
      root: releasesDir,
      releasesDir,
      cacheDir: path.join(releasesDir, '.cache'),
      log: () => undefined,
      build: async () => {
        await new Promise<void>((resolve) => gates.push(resolve));
        throw new Error('CMS_URL unreachable');
      },
    });
    const registry = new Registry();
    const metrics = buildMetrics(registry, Date.now);
    const scrape = async () => {
      await metrics.collect(publisher);
      return registry.metrics();
    };
    publisher.trigger('first');
    await expect.poll(() => gates.length).toBe(1);
    const first = await scrape();
    expect(first).toContain('intake_publish_building 1');
    // No build finished yet: no last build (a 0 would read "it failed").
    expect(first).not.toMatch(/^intake_publish_last_build/m);
    gates.shift()!();
    await publisher.idle();
    publisher.trigger('second');
    await expect.poll(() => gates.length).toBe(1);
    gates.shift()!();
    await publisher.idle();
    for (let i = 0; i < 3; i++) await scrape();
    const text = await scrape();
    expect(text).toContain('intake_publish_builds_total{result="failed"} 2');
    expect(text).toContain('intake_publish_build_duration_seconds_count{result="failed"} 2');
    expect(text).toMatch(/^intake_publish_build_duration_seconds_sum\{result="failed"\} \d/m);
    expect(text).toContain('intake_publish_building 0');
    expect(text).toContain('intake_publish_last_build_success 0');
    expect(text).toMatch(/^intake_publish_last_build_finished_timestamp_seconds \d{10}/m);
    publisher.close();
  });
});
