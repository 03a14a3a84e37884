// The rebuild service: one build at a time, and one more after it if saves arrived meanwhile.
// A build goes into a fresh release folder and goes live only when it passed its checks
// (release-run.ts); the build itself runs in a child process asked with typed options
// (child-build.ts).
import { cp, mkdir, stat } from 'node:fs/promises';
import { productionEnv } from '../../config/production-env.ts';
import { dropBrokenCacheEntries } from '../build-cache.ts';
import { DEPLOY_FILES, readDeployJson } from '../deploy-files.ts';
import { checkRelease } from '../checks/checks.ts';
import {
  currentReleaseId,
  finishRelease,
  listReleases,
  newReleaseId,
  readManifest,
  releaseOf,
  switchTo,
  type Release,
} from '../releases.ts';
import { createBuildHistory, type TriggerEvent } from './build-history.ts';
import { startRecord, type BuildRecord } from './build-record.ts';
import { childBuilds, definedOnly } from './child-build.ts';
import { residentBuilds } from './resident-builds.ts';
import { clearLeftovers, startSweeps } from './leftovers.ts';
import { progressLine, type BuildProgress } from '../build/progress.ts';
import { keepCheckFindings, runRelease, type PublishContext, type PublishLog } from './release-run.ts';

export type { BuildRecord } from './build-record.ts';

export interface PublisherOptions {
  root: string;
  releasesDir: string;
  /** Astro's content and image cache shared by successive builds (makes rebuilds cheaper). */
  cacheDir: string;
  /** Settings of the builds over the service's own environment (tests: another CMS_URL, say). */
  buildEnv?: NodeJS.ProcessEnv;
  publishCommand?: string | undefined;
  maxDrop?: number;
  allowDrop?: boolean;
  /**
   * Builds a release, from the live one when there is one (its files linked, only the changes
   * written); by default runs `node scripts/build.ts` in a child process.
   */
  build?: (release: Release, live: Release | null, signal: AbortSignal) => Promise<void>;
  /** Longest a build process may run before it is killed (default PUBLISH_TIMEOUT_SECONDS, 1800 s). */
  buildTimeoutMs?: number;
  /** The service's logger (src/service/log/logger.ts: one JSON line each); `level` marks what went wrong. */
  log: PublishLog;
  /**
   * Several nodes on one RELEASES_DIR: takes the build lock if free (its release, else undefined).
   * A build waits for it; the start-up recovery is skipped while another node holds it (what it
   * is building is not left over).
   */
  buildLock?: () => Promise<BuildLockRelease | undefined>;
  /**
   * The resident renderer (src/release/resident/) makes the releases after the first, rendering
   * only the pages a change touches; false: every release is a full build. `reconcileEvery`: a
   * full build after that many resident builds (default 50); `timeoutMs`: a resident build that
   * takes longer is killed and the full build makes the release (default 120 s); `hangMs`: so is one
   * whose process leaves a ping unanswered that long (default 30 s); `memoryMb`: the renderer's
   * JavaScript heap (Node's default without).
   */
  resident?: false | { reconcileEvery?: number; timeoutMs?: number; hangMs?: number; memoryMb?: number | undefined };
  /**
   * How often an idle node clears what a killed node's build left in RELEASES_DIR (default 10
   * minutes; each build also starts by clearing it).
   */
  sweepEveryMs?: number;
}

/** 30 minutes (PUBLISH_TIMEOUT_SECONDS): the 10,000-program bench builds cold in under 5. */
const DEFAULT_BUILD_TIMEOUT_MS = 1800 * 1000;
/** An idle node looks for a killed node's leftovers this often. */
const DEFAULT_SWEEP_MS = 10 * 60_000;
/** A resident build renders a few pages in about a second: two minutes means it hangs. */
const DEFAULT_RESIDENT_TIMEOUT_MS = 120 * 1000;
/** A ping is answered in milliseconds, even while the renderer works: 30 s unanswered is a stopped process. */
const DEFAULT_RESIDENT_HANG_MS = 30 * 1000;

/** The build lock's release; `lost` is aborted when the lock went with its database connection. */
type BuildLockRelease = (() => Promise<void>) & { lost?: AbortSignal | undefined };

/**
 * The build lock, waited for (one node builds at a time); nothing to take on one node. A
 * database out of reach is waited for too: the save builds once it is back.
 */
async function takeBuildLock(options: PublisherOptions): Promise<BuildLockRelease> {
  if (!options.buildLock) return async () => undefined;
  for (let warned = false; ;) {
    const release = await options.buildLock().catch((error: Error) => {
      if (!warned) options.log(`waiting for the build lock (${error.message})`, { level: 'warn' });
      warned = true;
      return undefined;
    });
    if (release) return release;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The build stops when its lock is lost (another node may be building into the same folder now):
 * it ends as failed, the live release unchanged, and the next save builds again.
 */
function whileLocked(ctx: PublishContext, lost: AbortSignal | undefined): PublishContext {
  if (!lost) return ctx;
  return {
    ...ctx,
    build: async (release, live, signal, events) => {
      const built = await ctx.build(release, live, AbortSignal.any([signal, lost]), events).catch((error: unknown) => {
        if (!lost.aborted) throw error;
      });
      if (lost.aborted)
        throw new Error('The build lock was lost with its database connection; this build was stopped.');
      return built;
    },
  };
}

/** Makes an existing build (e.g. dist/ from `npm run build`) the first release. */
async function adopt(releasesDir: string, distDir: string): Promise<string | null> {
  if (await currentReleaseId(releasesDir)) return null;
  if (!(await stat(distDir).catch(() => null))) return null;
  const id = newReleaseId();
  const release = releaseOf(releasesDir, id);
  await cp(distDir, release.siteDir, { recursive: true });
  await cp(`${distDir}-deploy`, release.deployDir, { recursive: true }).catch(() => undefined);
  await mkdir(release.deployDir, { recursive: true });
  const check = await checkRelease(release.siteDir, { requiredTypes: [] });
  await keepCheckFindings(release, check);
  const builtAt = new Date().toISOString();
  await finishRelease(releasesDir, { id, trigger: `adopted ${distDir}`, pages: check.pages, builtAt });
  await switchTo(releasesDir, id);
  return id;
}

/** Saves a build's entry in the history; a failure is logged, never the build's. */
const rememberIn =
  (history: ReturnType<typeof createBuildHistory>, log: PublishLog) =>
  (record: BuildRecord): Promise<void> =>
    history
      .save({ ...record })
      .catch((e: Error) => log(`could not save the build history (${e.message})`, { level: 'warn' }));

/** The first release, made under the build lock (no node sweeps its folder while it is copied). */
async function adoptLocked(options: PublisherOptions, distDir: string): Promise<string | null> {
  const release = await takeBuildLock(options);
  try {
    return await adopt(options.releasesDir, distDir);
  } finally {
    await release();
  }
}

/** The releases in RELEASES_DIR, as the status shows them. */
async function releasesStatus(releasesDir: string) {
  const current = await currentReleaseId(releasesDir);
  return {
    current,
    releases: await listReleases(releasesDir),
    /** The live release's manifest (pages, when it was built). */
    live: current ? await readManifest(releasesDir, current) : null,
    /** The live release's pages still owed in the other language (official-languages/report.ts). */
    officialLanguages: current
      ? await readDeployJson(releaseOf(releasesDir, current).deployDir, DEPLOY_FILES.officialLanguages)
      : null,
  };
}

/** What the publisher's options make of a build's context (the child build by default). */
function publishContext(
  options: PublisherOptions,
  onProgress: (progress: BuildProgress) => void,
): PublishContext & { close: () => void; residentPid: () => number | null } {
  const { log } = options;
  // The next build process is started ahead of time and waits (warm-build.ts), unless the resident
  // renderer is running: it makes the next releases, and a full build comes only when it fails or
  // at the periodic reconciliation, which then loads Astro itself (about a second) rather than keep
  // a process of Node and Astro waiting between them. Its environment is the one production gives
  // it, whatever started the service (a test runner's mode stripped).
  const settings = () => productionEnv({ ...process.env, ...options.buildEnv });
  // (Asked after a build, by when `resident` below is set.)
  const children = options.build
    ? null
    : childBuilds({ ...options, settings, onProgress, startAhead: (): boolean => !resident?.running() });
  const resident =
    children && options.resident !== false
      ? residentBuilds({
          ...options,
          settings: () => definedOnly(settings()),
          full: children.build,
          timeoutMs: options.resident?.timeoutMs ?? DEFAULT_RESIDENT_TIMEOUT_MS,
          hangMs: options.resident?.hangMs ?? DEFAULT_RESIDENT_HANG_MS,
          reconcileEvery: options.resident?.reconcileEvery ?? 50,
          memoryMb: options.resident ? options.resident.memoryMb : undefined,
          log,
        })
      : null;
  return {
    root: options.root,
    releasesDir: options.releasesDir,
    cacheDir: options.cacheDir,
    publishCommand: options.publishCommand,
    maxDrop: options.maxDrop,
    allowDrop: options.allowDrop,
    build: options.build ?? resident?.build ?? children!.build,
    afterLive: resident ? (live) => resident.prelink(live) : undefined,
    timeoutMs: options.buildTimeoutMs ?? DEFAULT_BUILD_TIMEOUT_MS,
    log,
    async dropBrokenCache() {
      const dropped = await dropBrokenCacheEntries(options.cacheDir);
      if (dropped.length) log(`dropped ${dropped.length} unreadable build cache entries`);
    },
    close: () => {
      children?.close();
      resident?.close();
    },
    residentPid: () => resident?.pid() ?? null,
  };
}

export function createPublisher(options: PublisherOptions) {
  // The running build's progress, from its output (src/release/build/progress.ts); the service's
  // log gets each new phase of it, not every count.
  const ctx = publishContext(options, (progress) => {
    if (lastBuild?.result !== 'running') return;
    if (lastBuild.progress?.phase !== progress.phase) ctx.log(`${lastBuild.id}: ${progressLine(progress)}`);
    lastBuild.progress = progress;
  });
  const history = createBuildHistory(options.releasesDir);
  const remember = rememberIn(history, ctx.log);
  const queue = { running: null as Promise<void> | null, pending: [] as string[], events: [] as TriggerEvent[] };
  const sweeps = startSweeps(ctx, history, options.buildLock, {
    everyMs: options.sweepEveryMs ?? DEFAULT_SWEEP_MS,
    building: () => queue.running !== null,
  });
  let requestedAt = 0;
  let lastBuild: BuildRecord | null = null;
  let builds = 0;

  async function buildOnce(trigger: string, events: TriggerEvent[], requested: number): Promise<void> {
    await sweeps.done();
    const record = startRecord(newReleaseId(), trigger, events, requested);
    builds++;
    lastBuild = record;
    const release = await takeBuildLock(options);
    try {
      // No node builds now: a folder or a "running" entry of another is what a killed build left.
      await clearLeftovers(ctx, history);
      await remember(record);
      await runRelease(whileLocked(ctx, release.lost), record);
      delete record.progress;
      await remember(record);
    } finally {
      await release();
    }
  }

  async function loop(): Promise<void> {
    while (queue.pending.length > 0) {
      const trigger =
        queue.pending.length > 1 ? `${queue.pending[0]} (+${queue.pending.length - 1} more)` : queue.pending[0]!;
      const events = queue.events;
      queue.pending = [];
      queue.events = [];
      await buildOnce(trigger, events, requestedAt);
    }
    queue.running = null;
  }

  return {
    /** Asks for a build; saves arriving during a build are coalesced into one more build. */
    trigger(reason: string, event?: Omit<TriggerEvent, 'at'>): { queued: boolean } {
      if (queue.pending.length === 0) requestedAt = Date.now();
      queue.pending.push(reason);
      if (event) queue.events.push({ ...event, at: new Date().toISOString() });
      if (queue.running) return { queued: true };
      queue.running = loop();
      return { queued: false };
    },
    /** Resolves when no build is running or queued. */
    async idle(): Promise<void> {
      while (queue.running) await queue.running;
    },
    async status() {
      await sweeps.recovered;
      const { current, ...releases } = await releasesStatus(options.releasesDir);
      return {
        currentRelease: current,
        releases: releases.releases,
        building: queue.running !== null,
        queued: queue.pending.length,
        buildsSinceStart: builds,
        lastBuild: lastBuild ?? (await history.load())[0] ?? null,
        /** The running build's phase, and pages done of total while pages render. */
        progress: (queue.running && lastBuild?.result === 'running' && lastBuild.progress) || null,
        live: releases.live,
        /** Recent builds of every node, newest first (RELEASES_DIR/build-history.json). */
        history: await history.load(),
        officialLanguages: releases.officialLanguages,
        /** The resident renderer's process (null: none running). */
        resident: { pid: ctx.residentPid() },
      };
    },
    /** Ends the build process waiting for the next build (the service is stopping). */
    close: (): void => [sweeps.stop, ctx.close].forEach((stop) => stop()),
    /** Makes an existing build (e.g. dist/ from `npm run build`) the first release (under the build lock: no node sweeps it). */
    async adopt(distDir: string): Promise<string | null> {
      await sweeps.recovered;
      return adoptLocked(options, distDir);
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
