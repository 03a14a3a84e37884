// The rebuild service: one build at a time, and one more after it if saves arrived meanwhile.
// A build goes into a fresh release folder and goes live only when it passed its checks.
import { readJsonFile, RELEASE_DELTA } from '../deploy-files.ts';
import { spawn } from 'node:child_process';
import { cp, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  BUILD_WARNINGS_FILE,
  readBuildWarnings,
  recordBuildWarning,
  type BuildWarning,
} from '../../content/build-warnings.ts';
import { writeJsonWhole } from '../write-whole.ts';
import { dropBrokenCacheEntries } from '../build-cache.ts';
import { createBuildHistory, type HistoryEntry, type TriggerEvent } from './build-history.ts';
import { buildPhases, BUILD_PHASES_FILE, type PhaseMarks } from './build-phases.ts';
import { checkRelease, type ReleaseChanges } from '../checks/checks.ts';
import {
  currentReleaseId,
  deriveRelease,
  listReleases,
  finishRelease,
  newReleaseId,
  pruneReleases,
  readManifest,
  releaseOf,
  removeIncomplete,
  removeRelease,
  switchTo,
  type Release,
} from '../releases.ts';
import {
  deltaTooLarge,
  needsSearchIndex,
  prepareSearch,
  rebaseSearch,
  type SearchOutcome,
} from '../search/search-bundles.ts';
import { createWarmBuilds } from './warm-build.ts';

/** A build as the publisher tracks it: its history entry, plus the publish command's outcome. */
export interface BuildRecord extends HistoryEntry {
  publishCommand: { ok: boolean; output: string } | null;
  /** Seconds per phase: webhook to build start, the build's own phases, checks, search index, switch. */
  phases?: Record<string, number> | null;
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
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** A release's link warnings, which the next release's checks carry over for the pages they don't read. */
const LINK_WARNINGS_FILE = 'link-warnings.json';
/** A release's files as its checks knew them, which the next release's checks start from. */
const FILES_FILE = 'site-files.json';

async function releaseChanges(release: Release, live: Release | null): Promise<ReleaseChanges | null> {
  const delta = await readJsonFile<{ changed: string[]; removed: string[] } | null>(
    path.join(release.deployDir, RELEASE_DELTA),
  );
  const previousWarnings = live && (await readJsonFile<BuildWarning[]>(path.join(live.deployDir, LINK_WARNINGS_FILE)));
  const previousFiles = live && (await readJsonFile<string[]>(path.join(live.deployDir, FILES_FILE)));
  // Without the live release's warnings, every page is read again to find them.
  return delta && previousWarnings ? { ...delta, previousWarnings, ...(previousFiles ? { previousFiles } : {}) } : null;
}

export interface PublisherOptions {
  root: string;
  releasesDir: string;
  /** Astro's content and image cache shared by successive builds (makes rebuilds cheaper). */
  cacheDir: string;
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
  log?: (message: string) => void;
}

/** 30 minutes (PUBLISH_TIMEOUT_SECONDS): the 10,000-program bench builds cold in under 5. */
const DEFAULT_BUILD_TIMEOUT_MS = 1800 * 1000;

function tail(text: string, lines = 25): string {
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

function runProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; shell?: boolean },
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export function createPublisher(options: PublisherOptions) {
  const log = options.log ?? ((m: string) => console.log(`[publish] ${m}`));
  let running: Promise<void> | null = null;
  let pending: string[] = [];
  let requestedAt = 0;
  let lastBuild: BuildRecord | null = null;
  let builds = 0;
  let pendingEvents: TriggerEvent[] = [];
  const history = createBuildHistory(options.releasesDir);
  const remember = (record: BuildRecord) =>
    history.save({ ...record }).catch((e: Error) => log(`could not save the build history (${e.message})`));
  const timeoutMs = options.buildTimeoutMs ?? DEFAULT_BUILD_TIMEOUT_MS;

  /** Drops what a cut-short build left half-written in Astro's cache (build-cache.ts). */
  async function dropBrokenCache(): Promise<void> {
    const dropped = await dropBrokenCacheEntries(options.cacheDir);
    if (dropped.length) log(`dropped ${dropped.length} unreadable build cache entries`);
  }

  // Start-up: what a killed or crashed service left behind is cleared before anything reads it.
  const recovered = (async () => {
    try {
      const removed = await removeIncomplete(options.releasesDir);
      if (removed.length) log(`removed incomplete release folders (an interrupted build): ${removed.join(', ')}`);
      const interrupted = await history.settleInterrupted();
      if (interrupted) log('a build was interrupted when the service stopped; see the history');
      // Only a build that was cut short can have left half-written cache entries: a clean start
      // does not walk the cache (tens of thousands of entries on a large site).
      if (removed.length || interrupted) await dropBrokenCache();
    } catch (error) {
      log(`could not clear what an interrupted build left (${(error as Error).message})`);
    }
  })();

  // The next build process is started ahead of time and waits (warm-build.ts).
  const warm = createWarmBuilds(options.root);
  const build =
    options.build ??
    (async (release: Release, live: Release | null, signal: AbortSignal) => {
      const { code, output } = await warm.run(
        {
          // nginx serves RELEASES_DIR/current/site: the symlink switch is the deploy (see redirects step).
          // BUILD_SEARCH_INDEX=off: the release may go live before its own search index (search-bundles.ts).
          ...process.env,
          BUILD_SEARCH_INDEX: 'off',
          NGINX_ROOT: path.join(options.releasesDir, 'current', 'site'),
          ...options.buildEnv,
          OUT_DIR: release.siteDir,
          ASTRO_CACHE_DIR: options.cacheDir,
          PREVIOUS_RELEASE_DIR: live?.siteDir ?? '',
        },
        signal,
      );
      if (code !== 0) throw new Error(buildFailure(output));
    });

  async function pagesOf(id: string | null): Promise<number | null> {
    if (!id) return null;
    return (await readManifest(options.releasesDir, id))?.pages ?? null;
  }

  /** Runs the build, killed when it outlives the time-out (a CMS that never ends its answers). */
  async function buildWithin(release: Release, live: Release | null, record: BuildRecord): Promise<void> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      await build(release, live, deadline.signal);
    } catch (error) {
      if (!deadline.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
    }
    if (deadline.signal.aborted) {
      record.timedOut = true;
      throw new Error(
        `Timed out: the build ran longer than ${Math.round(timeoutMs / 1000)} s (PUBLISH_TIMEOUT_SECONDS) and was stopped.`,
      );
    }
  }

  /** The live release with a new search base, as a new release (links of its files), made live. */
  async function rebaseInNewRelease(live: Release, pages: number): Promise<string> {
    const next = await deriveRelease(options.releasesDir, live);
    try {
      await rebaseSearch(options.root, options.cacheDir, next);
      const manifest = await readManifest(options.releasesDir, live.id);
      await finishRelease(options.releasesDir, { ...manifest, id: next.id, pages, searchRebasedFrom: live.id });
      await switchTo(options.releasesDir, next.id);
      return next.id;
    } catch (error) {
      if ((await currentReleaseId(options.releasesDir)) !== next.id) await removeRelease(next.dir);
      throw error;
    }
  }

  async function buildOnce(trigger: string, events: TriggerEvent[] = [], requested = Date.now()): Promise<void> {
    await recovered;
    const id = newReleaseId();
    const release = releaseOf(options.releasesDir, id);
    const started = Date.now();
    const phases: Record<string, number> = { 'webhook to build start': seconds(started - requested) };
    const timed = async <T>(name: string, job: () => Promise<T>): Promise<T> => {
      const from = Date.now();
      try {
        return await job();
      } finally {
        phases[name] = seconds(Date.now() - from);
      }
    };
    builds++;
    const record: BuildRecord = {
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
      phases,
      search: null,
    };
    lastBuild = record;
    await remember(record);
    const warningsFile = path.join(release.deployDir, BUILD_WARNINGS_FILE);
    log(`build ${id} started (${trigger})`);
    try {
      const previous = await currentReleaseId(options.releasesDir);
      const live = previous ? releaseOf(options.releasesDir, previous) : null;
      await buildWithin(release, live, record);
      const marks = await readJsonFile<PhaseMarks>(path.join(release.deployDir, BUILD_PHASES_FILE));
      if (marks) Object.assign(phases, buildPhases(marks));
      // What the build process did after its last step (its folders swapped in, its exit).
      if (marks?.stepsDone) phases['build process ending'] = seconds(Date.now() - marks.stepsDone);
      const previousPages = await pagesOf(previous);
      const changes = await releaseChanges(release, live);
      const check = await timed('release checks', () =>
        checkRelease(release.siteDir, {
          previousPages,
          maxDrop: options.maxDrop,
          allowDrop: options.allowDrop,
          changes,
        }),
      );
      await mkdir(release.deployDir, { recursive: true });
      await writeJsonWhole(path.join(release.deployDir, LINK_WARNINGS_FILE), check.warnings);
      await writeJsonWhole(path.join(release.deployDir, FILES_FILE), check.files);
      record.pages = check.pages;
      for (const warning of check.warnings) recordBuildWarning(warning, warningsFile);
      if (!check.ok) throw new Error(`release checks failed:\n${check.problems.join('\n')}`);
      // Search: the release's own search state before it goes live (a delta index on the live base).
      const search =
        (await needsSearchIndex(release)) &&
        (await timed('search index (before going live)', () =>
          prepareSearch(options.root, options.cacheDir, live, release),
        ));
      if (search) {
        record.search = {
          when: 'before',
          state: search.deltaError ? 'failed' : 'live',
          liveAfterMs: 0,
          ...search,
          error: search.deltaError ?? null,
        };
        if (search.deltaError)
          log(
            `search index of ${id} failed; its changed pages are not found until the next release:\n${search.deltaError}`,
          );
      }
      await timed('switch', async () => {
        // Last, after its checks and search: the release is complete, read-only from here on.
        await finishRelease(options.releasesDir, {
          id,
          trigger,
          pages: check.pages,
          builtAt: new Date().toISOString(),
        });
        await switchTo(options.releasesDir, id);
      });
      record.result = 'success';
      log(`release ${id} is live (${check.pages} pages)`);
      // A delta grown large: a new base right after going live (the release is correct meanwhile),
      // in a release of its own made of this one's files, since a live release is never written.
      if (search && deltaTooLarge(search)) {
        try {
          record.search!.rebasedIn = await timed('search base rebuilt (after going live)', () =>
            rebaseInNewRelease(release, check.pages),
          );
        } catch (error) {
          log(`search base of ${id} was not rebuilt; the delta stays:\n${(error as Error).message}`);
        }
      }
      await pruneReleases(options.releasesDir);
      if (options.publishCommand) {
        const { code, output } = await runProcess(options.publishCommand, [], {
          cwd: options.root,
          shell: true,
          env: { ...process.env, RELEASE_DIR: release.siteDir, RELEASE_ID: id },
        });
        record.publishCommand = { ok: code === 0, output: tail(output, 10) };
        if (code !== 0) log(`PUBLISH_COMMAND failed with exit code ${code}`);
      }
    } catch (error) {
      record.result = 'failed';
      record.error = (error as Error).message;
      log(`build ${id} failed; the live release is unchanged:\n${record.error}`);
    } finally {
      record.finishedAt = new Date().toISOString();
      record.durationMs = Date.now() - started;
      const warnings = await Promise.resolve()
        .then(() => readBuildWarnings(warningsFile))
        .catch(() => []);
      record.warnings = warnings;
      record.warningCount = warnings.length;
      // A refused or failed build leaves no folder beside the releases (the build makes its
      // staging folders inside it), so only real releases are listed and pruned.
      if (record.result === 'failed' && (await currentReleaseId(options.releasesDir)) !== id) {
        await removeRelease(release.dir).catch(() => undefined);
        // What the failure may have left half-written in Astro's cache (a full disk) goes too.
        await dropBrokenCache().catch(() => undefined);
      }
      await remember(record);
    }
  }

  async function loop(): Promise<void> {
    while (pending.length > 0) {
      const trigger = pending.length > 1 ? `${pending[0]} (+${pending.length - 1} more)` : pending[0]!;
      const events = pendingEvents;
      const requested = requestedAt;
      pending = [];
      pendingEvents = [];
      await buildOnce(trigger, events, requested);
    }
    running = null;
  }

  return {
    /** Asks for a build; saves arriving during a build are coalesced into one more build. */
    trigger(reason: string, event?: Omit<TriggerEvent, 'at'>): { queued: boolean } {
      if (pending.length === 0) requestedAt = Date.now();
      pending.push(reason);
      if (event) pendingEvents.push({ ...event, at: new Date().toISOString() });
      if (running) return { queued: true };
      running = loop();
      return { queued: false };
    },
    /** Resolves when no build is running or queued. */
    async idle(): Promise<void> {
      while (running) await running;
    },
    async status() {
      await recovered;
      const current = await currentReleaseId(options.releasesDir);
      return {
        currentRelease: current,
        releases: await listReleases(options.releasesDir),
        building: running !== null,
        queued: pending.length,
        buildsSinceStart: builds,
        lastBuild: lastBuild ?? (await history.load())[0] ?? null,
        /** The live release's manifest (pages, when it was built). */
        live: current ? await readManifest(options.releasesDir, current) : null,
        /** Recent builds, newest first (RELEASES_DIR/build-history.json). */
        history: await history.load(),
      };
    },
    /** Ends the build process waiting for the next build (the service is stopping). */
    close(): void {
      warm.close();
    },
    /** Makes an existing build (e.g. dist/ from `npm run build`) the first release. */
    async adopt(distDir: string): Promise<string | null> {
      await recovered;
      if (await currentReleaseId(options.releasesDir)) return null;
      if (!(await stat(distDir).catch(() => null))) return null;
      const id = newReleaseId();
      const release = releaseOf(options.releasesDir, id);
      await cp(distDir, release.siteDir, { recursive: true });
      await cp(`${distDir}-deploy`, release.deployDir, { recursive: true }).catch(() => undefined);
      await mkdir(release.deployDir, { recursive: true });
      const check = await checkRelease(release.siteDir, { requiredTypes: [] });
      await writeJsonWhole(path.join(release.deployDir, LINK_WARNINGS_FILE), check.warnings);
      await writeJsonWhole(path.join(release.deployDir, FILES_FILE), check.files);
      await finishRelease(options.releasesDir, {
        id,
        trigger: `adopted ${distDir}`,
        pages: check.pages,
        builtAt: new Date().toISOString(),
      });
      await switchTo(options.releasesDir, id);
      return id;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
