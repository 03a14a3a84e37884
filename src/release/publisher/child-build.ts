// The publisher's default build: `node scripts/build.ts` in a child process started ahead of time
// (warm-build.ts), asked with a typed request (src/release/build/build-request.ts): the release's
// folder, the live release to start from, the nginx root, the shared cache, the search index left
// to the publisher. The child's settings are the service's environment with the publisher's
// build settings over it.
import path from 'node:path';
import type { Release } from '../releases.ts';
import type { BuildProgress } from '../build/progress.ts';
import type { Reconciliation } from '../resident/reconcile.ts';
import type { TriggerEvent } from './build-history.ts';
import { createWarmBuilds } from './warm-build.ts';

/**
 * Which builder made a release (resident-builds.ts): the resident renderer (with the resources it
 * fetched per collection, and `nodesFetched` their sum), or the full build and why (with what the
 * reconciliation found the deltas had missed, when its full fetch could be compared).
 */
export type BuildNote =
  | {
      builder: 'resident';
      changed: number;
      removed: number;
      /** The live release's files were linked before the edit came (src/release/resident/prelink.ts). */
      linkedAhead: boolean;
      pages: number;
      memoryMb: number;
      nodesFetched: number;
      fetched: Record<string, number>;
      notes: string[];
    }
  | { builder: 'full'; reason: string; reconciliation?: Reconciliation };

export type BuildRelease = (
  release: Release,
  live: Release | null,
  signal: AbortSignal,
  /** The webhook events the build answers (a delete, say). */
  events?: TriggerEvent[],
) => Promise<BuildNote | void>;

export function tail(text: string, lines = 25): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** The end of a failed build's output, from its "Build failed" line on, without retries that followed it. */
function buildFailure(output: string): string {
  const lines = output.trim().split('\n');
  const failed = lines.findLastIndex((l) => l.startsWith('Build failed;'));
  if (failed < 0) return tail(output);
  const after = lines.slice(failed).filter((l, i) => i === 0 || !l.startsWith('[cms] retry'));
  return tail([...lines.slice(Math.max(0, failed - 10), failed), ...after].join('\n'));
}

/** Only the variables that are set, as strings (what a JSON line or a child's environment carries). */
export function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export function childBuilds(options: {
  root: string;
  releasesDir: string;
  cacheDir: string;
  /** The builds' settings: read when each build starts (the service's environment, by default). */
  settings: () => NodeJS.ProcessEnv;
  /** Each progress line of the running build (phase, pages done of total). */
  onProgress?: (progress: BuildProgress) => void;
  /** Whether a full build may come soon, so the next build process is started ahead (warm-build.ts). */
  startAhead?: () => boolean;
}): { build: BuildRelease; close: () => void } {
  const warm = createWarmBuilds(options.root, () => definedOnly(options.settings()), options.startAhead);
  const build: BuildRelease = async (release, live, signal) => {
    const { code, output } = await warm.run(
      {
        outDir: release.siteDir,
        ...(live ? { previousRelease: live.siteDir } : {}),
        // nginx serves RELEASES_DIR/current/site: the symlink switch is the deploy (see the redirects step).
        nginxRoot: path.join(options.releasesDir, 'current', 'site'),
        cacheDir: options.cacheDir,
        // The release may go live before its own search index (search-bundles.ts).
        deferSearchIndex: true,
      },
      definedOnly(options.settings()),
      signal,
      options.onProgress,
    );
    if (code !== 0) throw new Error(buildFailure(output));
  };
  return { build, close: () => warm.close() };
}
