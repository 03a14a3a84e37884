// The cold-build figures of `npm run bench` (issue 31's targets): each cold build over the bare
// fixture measured in the same run (bare.ts) with its peak memory, the bytes of a first search at
// 5,000 programs per language, and the bench's own progress (which stage, how long so far), so a run
// of many minutes is never silent: the builds print their own progress lines (src/release/build/progress.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const started = performance.now();

/** A line saying what the bench does now, and how long the run has taken so far. */
export function stage(message: string): void {
  const minutes = (performance.now() - started) / 60_000;
  console.log(`\nbench [${minutes.toFixed(1)} min]: ${message}`);
}

interface ColdBuild {
  scale: number;
  seconds: number;
  pages: number;
  peakMemoryMb: number | null;
  bare: { astroSeconds: number; pagefindSeconds: number; ratio: number } | null;
}

/** Each cold build against the bare fixture of the same run: the target is a ratio of at most 1.2. */
export function coldRatios(builds: ColdBuild[]) {
  return builds
    .filter((b) => b.bare)
    .map((b) => ({
      scale: b.scale,
      pages: b.pages,
      coldSeconds: b.seconds,
      bareSeconds: Math.round((b.bare!.astroSeconds + b.bare!.pagefindSeconds) * 10) / 10,
      ratio: b.bare!.ratio,
      peakMemoryMb: b.peakMemoryMb,
    }));
}

/**
 * The bytes of a first search per language ({lang: {files, gzipBytes, results}}), measured in Chromium by
 * tests/e2e/search-bytes.spec.ts on a built site served by the e2e server on the bench's ports.
 */
export function searchBytes(root: string, outDir: string, work: string, tag: string): unknown {
  const out = path.join(work, `search-bytes-${tag}.json`);
  rmSync(out, { force: true });
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/playwright'),
    ['test', 'tests/e2e/search-bytes.spec.ts', '--reporter=dot'],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        SEARCH_BYTES_JSON: out,
        E2E_DIST: outDir,
        E2E_SKIP_BUILD: '1',
        E2E_PORT: '4480',
        E2E_NGINX_PORT: '4481',
        CI: '1',
      },
    },
  );
  // Over budget, or when a query finds nothing, the spec fails after writing its figures (with
  // the count of results): they are reported all the same.
  const measured = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
  const failed = run.status !== 0 ? { failures: run.stdout.slice(-1500) } : {};
  return { ...measured, ...failed };
}
