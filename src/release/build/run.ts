// One build: start the local CMS when needed, run Astro, then the post-build steps. Everything a
// build needs comes in its options (BuildOptions): nothing is read from or written to process.env.
import { createHash } from 'node:crypto';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { endBuildSession, startBuildSession } from '../../content/build-session.ts';
import { renderedSettings, type SiteEnv } from '../../config/site-env.ts';
import { DEPLOY_FILES, deployPath, readDeployJson, writeDeployJson, type ReleaseFiles } from '../deploy-files.ts';
import { writeWhole } from '../write-whole.ts';
import { stubFile } from '../redirects/write-redirects.ts';
import { mapInBatches } from './batches.ts';
import { defaultCacheDir, type BuildContext, type BuildOptions } from './context.ts';
import { phaseClock } from './phases.ts';
import { progressIntegration, progressReporter, type ProgressReporter } from './progress.ts';
import {
  applyDiff,
  astroIdentities,
  diffFiles,
  emptyTrash,
  linkPrevious,
  readReleaseFiles,
  writeReleaseFiles,
  type ReleaseDelta,
} from './release-delta.ts';
import { postBuildPhases } from './steps.ts';
import { incrementalManifest, type IncrementalManifest } from '../resident/astro-internals.ts';

/** Pages with an incremental-build key, and how many of them this build rendered (the rest were reused). */
interface IncrementalStats {
  keyed: number;
  rendered: number;
}

// Astro keeps a copy of each keyed page it renders in <cacheDir>/dist/; a copy written during this
// build is a page it rendered, an older one a page it reused.
async function incrementalStats(
  cacheDir: string,
  manifest: IncrementalManifest | null,
  since: number,
): Promise<IncrementalStats> {
  const files = Object.values(manifest?.routes ?? {}).flatMap((r) => Object.values(r.paths).map((p) => p.outputFile));
  const times = await mapInBatches(files, (f) =>
    stat(path.join(cacheDir, 'dist', f)).then(
      (s) => s.mtimeMs,
      () => 0,
    ),
  );
  return { keyed: files.length, rendered: times.filter((t) => t >= since).length };
}

/**
 * Astro's incremental-build manifest; when it no longer has the shape read (an Astro upgrade), the
 * build goes on without it and says why (src/release/resident/astro-internals.ts).
 */
function manifestOrNone(root: string, cacheDir: string): Promise<IncrementalManifest | null> {
  return incrementalManifest(root, cacheDir).catch((error: Error) => {
    console.warn(`WARNING: ${error.message} This build compares every file it wrote by its bytes.`);
    return null;
  });
}

/**
 * Astro's output folder: beside its cache, or, when the cache (RELEASES_DIR/.cache) is on another file
 * system than the project, in the project, since Astro renames its files from the project's
 * `.astro/` into it (EXDEV across file systems). One fixed folder per cache either way; what is in
 * it reaches the release by a rename where it can, a copy where it cannot.
 */
async function outputFolder(root: string, cacheDir: string): Promise<string> {
  const dotAstro = path.join(root, '.astro');
  await mkdir(dotAstro, { recursive: true });
  await mkdir(cacheDir, { recursive: true });
  if ((await stat(dotAstro)).dev === (await stat(cacheDir)).dev) return path.join(cacheDir, 'output');
  const key = createHash('sha256').update(cacheDir).digest('hex').slice(0, 16);
  return path.join(root, 'node_modules/.astro', `output-${key}`);
}

async function moveDir(from: string, to: string) {
  await rm(to, { recursive: true, force: true });
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

type Clock = ReturnType<typeof phaseClock>;

export interface BuildResult {
  pages: number;
  cmsUrl: string;
  incremental: IncrementalStats;
}

/** The CMS of this build: the one given, or one the entry point starts (closed after the build). */
async function cmsFor(options: BuildOptions): Promise<{ url: string; close?: () => Promise<void> }> {
  if (options.cmsUrl) return { url: options.cmsUrl };
  if (!options.startCms) throw new Error('CMS_URL is not set, and this build has no CMS of its own to start.');
  return options.startCms();
}

/** What a page's incremental-build key covers besides its data: the public configuration. */
function pageKeyConfig(env: SiteEnv): string {
  // Only what pages render from (never OUT_DIR or CMS_URL, new each build); the islands' intake
  // origin (PUBLIC_INTAKE_URL, astro.config.mjs) is INTAKE_URL or same-origin.
  return JSON.stringify([renderedSettings(env), env.PUBLIC_INTAKE_URL ?? env.INTAKE_URL ?? '']);
}

interface PreviousRelease {
  site: string;
  files: ReleaseFiles;
  /** Its files being linked into the new release (another process, the other core). */
  linking: Promise<void>;
}

/** From a previous release: its files are linked into the new release while Astro builds. */
async function startFromPrevious(previousSite: string | undefined, outDir: string): Promise<PreviousRelease | null> {
  const files = previousSite ? await readReleaseFiles(`${previousSite}-deploy`) : null;
  if (!previousSite || !files) return null;
  const linking = linkPrevious(previousSite, outDir);
  linking.catch(() => undefined);
  return { site: previousSite, files, linking };
}

async function runAstro(
  options: BuildOptions,
  cmsUrl: string,
  cacheDir: string,
  astroOut: string,
  clock: Clock,
  progress: ProgressReporter,
) {
  const { build } = await import('astro');
  const cms = new URL(cmsUrl);
  // Astro writes into one fixed folder beside its cache, moved to outDir afterwards: the output
  // folder is baked into the image module, so a new folder per build (staging, release) would
  // change every image page's code hash and defeat the incremental build. CMS images are fetched
  // at build time: the CMS's host is allowed here, the CMS the build reads being known only now.
  await build({
    root: options.root,
    outDir: astroOut,
    cacheDir,
    image: { remotePatterns: [{ protocol: cms.protocol.replace(':', ''), hostname: cms.hostname }] },
    logLevel: options.logLevel ?? 'warn',
    integrations: [clock.integration(), progressIntegration(progress)],
  });
}

/** Astro's output into the release: all of it moved, or from a previous release only what changed. */
async function placeOutput(
  astroOut: string,
  outDir: string,
  previous: PreviousRelease | null,
  files: Record<string, string>,
  clock: Clock,
): Promise<ReleaseDelta | undefined> {
  if (!previous) {
    await moveDir(astroOut, outDir);
    return undefined;
  }
  const diff = diffFiles(previous.files.astro, files);
  await previous.linking;
  clock.mark('linked');
  await applyDiff(astroOut, outDir, diff);
  console.log(`  from the previous release: ${diff.changed.length} files changed, ${diff.removed.length} removed`);
  return {
    previousSite: previous.site,
    previousDeploy: `${previous.site}-deploy`,
    changed: new Set(diff.changed),
    removed: new Set(diff.removed),
  };
}

/**
 * The post-build steps, phase after phase. Search index deferred: the publisher indexes the
 * release itself and lists its searchable pages in its release checks; precompress then waits for
 * nothing but the redirect stubs and runs beside the headers step.
 */
// The resident renderer runs the steps too, without a progress line of its own.
export async function runSteps(
  context: BuildContext,
  clock: Clock,
  progress: ProgressReporter = progressReporter(() => undefined),
): Promise<void> {
  const later = !!context.deferSearchIndex;
  const phases = (later ? [postBuildPhases[0]!, postBuildPhases.slice(1).flat()] : postBuildPhases).map((phase) =>
    phase.filter((step) => !(later && step.name === 'search index')),
  );
  const total = phases.flat().length;
  let done = 0;
  progress.phase('steps', total);
  for (const phase of phases) {
    await Promise.all(
      phase.map(async (step) => {
        const started = performance.now();
        clock.mark(`${step.name}:start`);
        await step.run(context);
        clock.mark(`${step.name}:end`);
        console.log(`  ${step.name}: ${Math.round(performance.now() - started)} ms`);
        progress.count('steps', ++done, total);
      }),
    );
  }
  if (later) await writeWhole(deployPath(context.deployDir, DEPLOY_FILES.searchDeferred), '');
}

/** For the release checks: only the changed pages need their links checked (when nothing went). */
export function writeDeltaFile(deployDir: string, delta: ReleaseDelta | undefined): Promise<void> {
  return writeDeployJson(
    deployDir,
    DEPLOY_FILES.releaseDelta,
    delta
      ? {
          changed: [...delta.changed].sort(),
          removed: [...delta.removed].filter((f) => !delta.changed.has(f)).sort(),
        }
      : null,
  );
}

/** Pages: Astro's and the redirect stubs (no walk of the whole release). */
async function countPages(context: BuildContext): Promise<number> {
  const redirects = (await readDeployJson(context.deployDir, DEPLOY_FILES.redirects)) ?? [];
  const html = new Set([...context.astroFiles].filter((f) => f.endsWith('.html')));
  for (const r of redirects) html.add(stubFile(r));
  return html.size;
}

export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const clock = phaseClock(options.requestedAt);
  const progress = progressReporter();
  const cms = await cmsFor(options);
  const warningsFile = deployPath(options.deployDir, DEPLOY_FILES.buildWarnings);
  await rm(warningsFile, { force: true });
  const cacheDir = options.cacheDir ?? defaultCacheDir(options.root);
  const astroOut = await outputFolder(options.root, cacheDir);
  await rm(astroOut, { recursive: true, force: true });
  const previous = await startFromPrevious(options.previousRelease, options.outDir);
  const trash = emptyTrash(astroOut);
  startBuildSession({ cmsUrl: cms.url, warningsFile, pageKeyConfig: pageKeyConfig(options.env) });
  try {
    const astroStarted = Date.now();
    await runAstro(options, cms.url, cacheDir, astroOut, clock, progress);
    progress.phase('identify');
    const manifest = await manifestOrNone(options.root, cacheDir);
    const [incremental, files] = await Promise.all([
      incrementalStats(cacheDir, manifest, astroStarted),
      astroIdentities(astroOut, manifest),
    ]);
    clock.mark('identified');
    await mkdir(options.deployDir, { recursive: true });
    const delta = await placeOutput(astroOut, options.outDir, previous, files, clock);
    await writeReleaseFiles(options.deployDir, files);
    clock.mark('moved');
    const context: BuildContext = {
      ...options,
      cacheDir,
      cmsUrl: cms.url,
      astroFiles: new Set(Object.keys(files)),
      delta,
    };
    await runSteps(context, clock, progress);
    await writeDeltaFile(options.deployDir, delta);
    clock.mark('stepsDone');
    await clock.write(options.deployDir);
    return { pages: await countPages(context), cmsUrl: cms.url, incremental };
  } catch (error) {
    // Astro's half-written copy: the next build would remove it first, but a cache no build comes
    // from again (a test's, in node_modules/.astro beside the project) would keep it.
    await rm(astroOut, { recursive: true, force: true });
    throw error;
  } finally {
    endBuildSession();
    // A failed build: the linking process must be done before the caller removes the staging folder.
    await previous?.linking.catch(() => undefined);
    await trash;
    await cms.close?.();
  }
}
