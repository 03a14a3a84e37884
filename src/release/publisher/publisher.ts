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
  removeIncomplete,
  switchTo,
  type Release,
} from '../releases.ts';
import { createBuildHistory, type TriggerEvent } from './build-history.ts';
import { startRecord, type BuildRecord } from './build-record.ts';
import { childBuilds, definedOnly } from './child-build.ts';
import { residentBuilds } from './resident-builds.ts';
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
  buildLock?: () => Promise<(() => Promise<void>) | undefined>;
  /**
   * The resident renderer (src/release/resident/) makes the releases after the first, rendering
   * only the pages a change touches; false: every release is a full build. `reconcileEvery`: a
   * full build after that many resident builds (default 50); `timeoutMs`: a resident build that
   * takes longer is killed and the full build makes the release (default 120 s); `hangMs`: so is one
   * whose process leaves a ping unanswered that long (default 30 s); `memoryMb`: the renderer's
   * JavaScript heap (Node's default without).
   */
  resident?: false | { reconcileEvery?: number; timeoutMs?: number; hangMs?: number; memoryMb?: number | undefined };
}

/** 30 minutes (PUBLISH_TIMEOUT_SECONDS): the 10,000-program bench builds cold in under 5. */
const DEFAULT_BUILD_TIMEOUT_MS = 1800 * 1000;
/** A resident build renders a few pages in about a second: two minutes means it hangs. */
const DEFAULT_RESIDENT_TIMEOUT_MS = 120 * 1000;
/** A ping is answered in milliseconds, even while the renderer works: 30 s unanswered is a stopped process. */
const DEFAULT_RESIDENT_HANG_MS = 30 * 1000;

/** The build lock, waited for (one node builds at a time); nothing to take on one node. */
async function takeBuildLock(options: PublisherOptions): Promise<() => Promise<void>> {
  if (!options.buildLock) return async () => undefined;
  for (;;) {
    const release = await options.buildLock();
    if (release) return release;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Start-up: what a killed or crashed service left behind is cleared before anything reads it. */
async function recover(
  ctx: PublishContext,
  history: ReturnType<typeof createBuildHistory>,
  buildLock: PublisherOptions['buildLock'],
): Promise<void> {
  const release = buildLock ? await buildLock().catch(() => undefined) : async () => undefined;
  if (!release) return; // another node is building: its folders are not left over
  try {
    const removed = await removeIncomplete(ctx.releasesDir);
    if (removed.length) ctx.log(`removed incomplete release folders (an interrupted build): ${removed.join(', ')}`);
    const interrupted = await history.settleInterrupted();
    if (interrupted) ctx.log('a build was interrupted when the service stopped; see the history');
    // Only a build that was cut short can have left half-written cache entries: a clean start
    // does not walk the cache (tens of thousands of entries on a large site).
    if (removed.length || interrupted) await ctx.dropBrokenCache();
  } catch (error) {
    ctx.log(`could not clear what an interrupted build left (${(error as Error).message})`, { level: 'warn' });
  } finally {
    await release();
  }
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

/** What the publisher's options make of a build's context (the child build by default). */
function publishContext(
  options: PublisherOptions,
  onProgress: (progress: BuildProgress) => void,
): PublishContext & { close: () => void; residentPid: () => number | null } {
  const { log } = options;
  // The next build process is started ahead of time and waits (warm-build.ts). Its environment is
  // the one production gives it, whatever started the service (a test runner's mode stripped).
  const settings = () => productionEnv({ ...process.env, ...options.buildEnv });
  const children = options.build ? null : childBuilds({ ...options, settings, onProgress });
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
  const remember = (record: BuildRecord) =>
    history
      .save({ ...record })
      .catch((e: Error) => ctx.log(`could not save the build history (${e.message})`, { level: 'warn' }));
  const recovered = recover(ctx, history, options.buildLock);
  const queue = { running: null as Promise<void> | null, pending: [] as string[], events: [] as TriggerEvent[] };
  let requestedAt = 0;
  let lastBuild: BuildRecord | null = null;
  let builds = 0;

  async function buildOnce(trigger: string, events: TriggerEvent[], requested: number): Promise<void> {
    await recovered;
    const record = startRecord(newReleaseId(), trigger, events, requested);
    builds++;
    lastBuild = record;
    const release = await takeBuildLock(options);
    try {
      await remember(record);
      await runRelease(ctx, record);
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
      await recovered;
      const current = await currentReleaseId(options.releasesDir);
      return {
        currentRelease: current,
        releases: await listReleases(options.releasesDir),
        building: queue.running !== null,
        queued: queue.pending.length,
        buildsSinceStart: builds,
        lastBuild: lastBuild ?? (await history.load())[0] ?? null,
        /** The running build's phase, and pages done of total while pages render. */
        progress: (queue.running && lastBuild?.result === 'running' && lastBuild.progress) || null,
        /** The live release's manifest (pages, when it was built). */
        live: current ? await readManifest(options.releasesDir, current) : null,
        /** Recent builds, newest first (RELEASES_DIR/build-history.json). */
        history: await history.load(),
        /** The live release's pages still owed in the other language (official-languages/report.ts). */
        officialLanguages: current
          ? await readDeployJson(releaseOf(options.releasesDir, current).deployDir, DEPLOY_FILES.officialLanguages)
          : null,
        /** The resident renderer's process (null: none running). */
        resident: { pid: ctx.residentPid() },
      };
    },
    /** Ends the build process waiting for the next build (the service is stopping). */
    close: (): void => ctx.close(),
    /** Makes an existing build (e.g. dist/ from `npm run build`) the first release. */
    async adopt(distDir: string): Promise<string | null> {
      await recovered;
      return adopt(options.releasesDir, distDir);
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
