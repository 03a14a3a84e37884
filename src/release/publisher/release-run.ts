// One build of the publisher, start to end: the build into a fresh release folder, its checks,
// its search, the switch that makes it live, then the optional publish command. A build that fails
// anywhere leaves the live release as it was and its own folder removed.
import { mkdir } from 'node:fs/promises';
import { readBuildWarnings, recordBuildWarning } from '../../content/build-warnings.ts';
import { checkRelease, type CheckResult, type ReleaseChanges } from '../checks/checks.ts';
import { nginxIncludeProblems } from '../checks/nginx-check.ts';
import { DEPLOY_FILES, deployPath, readDeployJson, writeDeployJson } from '../deploy-files.ts';
import {
  currentReleaseId,
  deriveRelease,
  finishRelease,
  pruneReleases,
  readManifest,
  releaseOf,
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
import { seconds, timed, type BuildRecord } from './build-record.ts';
import { buildPhases } from './build-phases.ts';
import { tail, type BuildRelease } from './child-build.ts';
import { runPublishCommand } from './publish-command.ts';

/** The service's logger (one JSON line each); `level` marks what went wrong. */
export type PublishLog = (
  message: string,
  fields?: { level?: 'info' | 'warn' | 'error'; [key: string]: string | number | boolean | null | undefined },
) => void;

/** What a build of the publisher works with (from PublisherOptions). */
export interface PublishContext {
  root: string;
  releasesDir: string;
  cacheDir: string;
  publishCommand?: string | undefined;
  maxDrop?: number | undefined;
  allowDrop?: boolean | undefined;
  build: BuildRelease;
  timeoutMs: number;
  log: PublishLog;
  /** Drops what a cut-short build left half-written in Astro's cache (build-cache.ts). */
  dropBrokenCache: () => Promise<void>;
  /** A release is live and stays so until the next build: the builder may prepare from it (prelink.ts). */
  afterLive?: ((live: Release) => void) | undefined;
}

/** Runs the build, killed when it outlives the time-out (a CMS that never ends its answers). */
async function buildWithin(ctx: PublishContext, release: Release, live: Release | null, record: BuildRecord) {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), ctx.timeoutMs);
  try {
    record.builder = (await ctx.build(release, live, deadline.signal, record.events)) ?? null;
  } catch (error) {
    if (!deadline.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  if (deadline.signal.aborted) {
    record.timedOut = true;
    throw new Error(
      `Timed out: the build ran longer than ${Math.round(ctx.timeoutMs / 1000)} s (PUBLISH_TIMEOUT_SECONDS) and was stopped.`,
    );
  }
}

/** The build process's own phases, from the marks it wrote (src/release/build/phases.ts). */
async function addBuildPhases(release: Release, record: BuildRecord): Promise<void> {
  const marks = await readDeployJson(release.deployDir, DEPLOY_FILES.buildPhases);
  if (marks) Object.assign(record.phases!, buildPhases(marks));
  // What the build process did after its last step (its folders swapped in, its exit).
  if (marks?.stepsDone) record.phases!['build process ending'] = seconds(Date.now() - marks.stepsDone);
}

/** What the release checks may start from: the build's delta and the live release's findings. */
async function releaseChanges(release: Release, live: Release | null): Promise<ReleaseChanges | null> {
  const delta = await readDeployJson(release.deployDir, DEPLOY_FILES.releaseDelta);
  const previousWarnings = live && (await readDeployJson(live.deployDir, DEPLOY_FILES.linkWarnings));
  const previousFiles = live && (await readDeployJson(live.deployDir, DEPLOY_FILES.siteFiles));
  const counts = live && (await readDeployJson(live.deployDir, DEPLOY_FILES.linkCounts));
  // Without the live release's warnings, every page is read again to find them.
  if (!delta || !previousWarnings) return null;
  return {
    ...delta,
    previousWarnings,
    ...(previousFiles ? { previousFiles } : {}),
    ...(counts ? { previousLinks: { counts, siteDir: live.siteDir } } : {}),
  };
}

/** What the release checks found, kept for the next release's checks. */
export async function keepCheckFindings(
  release: Release,
  check: Pick<CheckResult, 'warnings' | 'files' | 'linkCounts'>,
) {
  await mkdir(release.deployDir, { recursive: true });
  await writeDeployJson(release.deployDir, DEPLOY_FILES.linkWarnings, check.warnings);
  await writeDeployJson(release.deployDir, DEPLOY_FILES.siteFiles, check.files);
  if (check.linkCounts) await writeDeployJson(release.deployDir, DEPLOY_FILES.linkCounts, check.linkCounts);
}

/** The release checks; their warnings join the build's, a failed check fails the build. */
async function checkBuilt(ctx: PublishContext, release: Release, live: Release | null, record: BuildRecord) {
  const previousPages = live ? ((await readManifest(ctx.releasesDir, live.id))?.pages ?? null) : null;
  const changes = await releaseChanges(release, live);
  const check = await timed(record, 'release checks', async () => {
    const [site, include] = await Promise.all([
      checkRelease(release.siteDir, { previousPages, maxDrop: ctx.maxDrop, allowDrop: ctx.allowDrop, changes }),
      // nginx -t (when nginx is here): an include it refuses would fail the reload after the switch.
      nginxIncludeProblems(release.deployDir, { liveDeployDir: live?.deployDir ?? null }),
    ]);
    return { ...site, ok: site.ok && include.length === 0, problems: [...site.problems, ...include] };
  });
  await keepCheckFindings(release, check);
  record.pages = check.pages;
  const warningsFile = deployPath(release.deployDir, DEPLOY_FILES.buildWarnings);
  for (const warning of check.warnings) recordBuildWarning(warning, warningsFile);
  if (!check.ok) throw new Error(`release checks failed:\n${check.problems.join('\n')}`);
  return check;
}

/** The release's own search state before it goes live (a delta index on the live base). */
async function searchBeforeLive(ctx: PublishContext, release: Release, live: Release | null, record: BuildRecord) {
  if (!(await needsSearchIndex(release))) return null;
  const search = await timed(record, 'search index (before going live)', () =>
    prepareSearch(ctx.root, ctx.cacheDir, live, release),
  );
  record.search = {
    when: 'before',
    state: search.deltaError ? 'failed' : 'live',
    liveAfterMs: 0,
    ...search,
    error: search.deltaError ?? null,
  };
  if (search.deltaError)
    ctx.log(
      `search index of ${release.id} failed; its changed pages are not found until the next release:\n${search.deltaError}`,
      { level: 'warn' },
    );
  return search;
}

/** The live release with a new search base, as a new release (links of its files), made live. */
async function rebaseInNewRelease(ctx: PublishContext, live: Release, pages: number): Promise<string> {
  const next = await deriveRelease(ctx.releasesDir, live);
  try {
    await rebaseSearch(ctx.root, ctx.cacheDir, next);
    const manifest = await readManifest(ctx.releasesDir, live.id);
    await finishRelease(ctx.releasesDir, { ...manifest, id: next.id, pages, searchRebasedFrom: live.id });
    await switchTo(ctx.releasesDir, next.id);
    return next.id;
  } catch (error) {
    if ((await currentReleaseId(ctx.releasesDir)) !== next.id) await removeRelease(next.dir);
    throw error;
  }
}

/**
 * A delta grown large: a new base right after going live (the release is correct meanwhile), in a
 * release of its own made of this one's files, since a live release is never written.
 */
async function rebaseIfGrown(ctx: PublishContext, release: Release, search: SearchOutcome | null, record: BuildRecord) {
  if (!search || !deltaTooLarge(search)) return;
  try {
    record.search!.rebasedIn = await timed(record, 'search base rebuilt (after going live)', () =>
      rebaseInNewRelease(ctx, release, record.pages!),
    );
  } catch (error) {
    ctx.log(`search base of ${release.id} was not rebuilt; the delta stays:\n${(error as Error).message}`, {
      level: 'warn',
    });
  }
}

/** Built, checked, indexed, made live (last, after its checks and search: read-only from here on). */
async function publish(ctx: PublishContext, release: Release, record: BuildRecord): Promise<void> {
  const previous = await currentReleaseId(ctx.releasesDir);
  const live = previous ? releaseOf(ctx.releasesDir, previous) : null;
  await buildWithin(ctx, release, live, record);
  await addBuildPhases(release, record);
  const check = await checkBuilt(ctx, release, live, record);
  const search = await searchBeforeLive(ctx, release, live, record);
  await timed(record, 'switch', async () => {
    const builtAt = new Date().toISOString();
    await finishRelease(ctx.releasesDir, { id: release.id, trigger: record.trigger, pages: check.pages, builtAt });
    await switchTo(ctx.releasesDir, release.id);
  });
  record.result = 'success';
  ctx.log(`release ${release.id} is live (${check.pages} pages)`);
  await rebaseIfGrown(ctx, release, search, record);
  await pruneReleases(ctx.releasesDir);
  const current = await currentReleaseId(ctx.releasesDir);
  if (current) ctx.afterLive?.(releaseOf(ctx.releasesDir, current));
  if (ctx.publishCommand) {
    const { code, output } = await runPublishCommand(ctx.publishCommand, ctx.root, release);
    record.publishCommand = { ok: code === 0, output: tail(output, 10) };
    if (code !== 0) ctx.log(`PUBLISH_COMMAND failed with exit code ${code}`, { level: 'warn' });
  }
}

/** The build's end: its duration and warnings recorded; a failed build's folder (and broken cache) removed. */
async function settle(ctx: PublishContext, release: Release, record: BuildRecord): Promise<void> {
  record.finishedAt = new Date().toISOString();
  record.durationMs = Date.now() - Date.parse(record.startedAt);
  const warnings = await Promise.resolve()
    .then(() => readBuildWarnings(deployPath(release.deployDir, DEPLOY_FILES.buildWarnings)))
    .catch(() => []);
  record.warnings = warnings;
  record.warningCount = warnings.length;
  // A refused or failed build leaves no folder beside the releases (the build makes its
  // staging folders inside it), so only real releases are listed and pruned.
  if (record.result === 'failed' && (await currentReleaseId(ctx.releasesDir)) !== release.id) {
    await removeRelease(release.dir).catch(() => undefined);
    // What the failure may have left half-written in Astro's cache (a full disk) goes too.
    await ctx.dropBrokenCache().catch(() => undefined);
  }
}

/** One build of the publisher, its record filled in as it goes (the caller saves it). */
export async function runRelease(ctx: PublishContext, record: BuildRecord): Promise<void> {
  const release = releaseOf(ctx.releasesDir, record.id);
  // The webhook requests that asked for it, to follow a save from its request to its release.
  const requests = record.events.map((e) => e.requestId).filter(Boolean);
  ctx.log(`build ${record.id} started (${record.trigger})`, { requestIds: requests.join(',') || undefined });
  try {
    await publish(ctx, release, record);
  } catch (error) {
    record.result = 'failed';
    record.error = (error as Error).message;
    ctx.log(`build ${record.id} failed; the live release is unchanged:\n${record.error}`, { level: 'error' });
  } finally {
    await settle(ctx, release, record);
  }
}
