// One build: start the local CMS when needed, run Astro, then the post-build steps.
import { REDIRECTS, RELEASE_DELTA } from '../deploy-files.ts';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { writeJsonWhole, writeWhole } from '../write-whole.ts';
import path from 'node:path';
import type { BuildContext, BuildOptions } from './context.ts';
import { BUILD_WARNINGS_FILE } from '../../content/build-warnings.ts';
import { mapInBatches } from './batches.ts';
import { INDEX_DEFERRED_FILE } from '../search/search-bundles.ts';
import { phaseClock } from './phases.ts';
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
import { stubFile } from '../redirects/write-redirects.ts';
import { postBuildPhases } from './steps.ts';
import type { Redirect } from '../redirects/redirects.ts';

/** Pages with an incremental-build key, and how many of them this build rendered (the rest were reused). */
export interface IncrementalStats {
  keyed: number;
  rendered: number;
}

// Astro keeps a copy of each keyed page it renders in <cacheDir>/dist/; a copy written during this
// build is a page it rendered, an older one a page it reused.
async function incrementalStats(cacheDir: string, since: number): Promise<IncrementalStats> {
  try {
    const manifest = JSON.parse(await readFile(path.join(cacheDir, 'incremental-build.json'), 'utf8')) as {
      routes: Record<string, { paths: Record<string, { outputFile: string }> }>;
    };
    const files = Object.values(manifest.routes).flatMap((r) => Object.values(r.paths).map((p) => p.outputFile));
    const times = await mapInBatches(files, (f) =>
      stat(path.join(cacheDir, 'dist', f)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    );
    return { keyed: files.length, rendered: times.filter((t) => t >= since).length };
  } catch {
    return { keyed: 0, rendered: 0 };
  }
}

/**
 * Astro's output folder: beside its cache, or, when the cache (RELEASES_DIR) is on another file
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

export async function runBuild(
  options: BuildOptions,
): Promise<{ pages: number; cmsUrl: string; incremental: IncrementalStats }> {
  const clock = phaseClock();
  let closeCms: (() => Promise<void>) | undefined;
  let cmsUrl = process.env.CMS_URL;
  if (!cmsUrl) {
    if (!options.startCms) throw new Error('CMS_URL is not set, and this build has no CMS of its own to start.');
    const cms = await options.startCms();
    cmsUrl = cms.url;
    closeCms = cms.close;
    process.env.CMS_URL = cmsUrl;
  }
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  process.env.BUILD_WARNINGS_FILE = path.join(options.deployDir, BUILD_WARNINGS_FILE);
  await rm(process.env.BUILD_WARNINGS_FILE, { force: true });
  // Astro writes into one fixed folder beside its cache, moved to outDir afterwards: the output
  // folder is baked into the image module, so a new folder per build (staging, release) would
  // change every image page's code hash and defeat the incremental build.
  const cacheDir = path.resolve(options.root, process.env.ASTRO_CACHE_DIR || 'node_modules/.astro');
  const astroOut = await outputFolder(options.root, cacheDir);
  await rm(astroOut, { recursive: true, force: true });
  process.env.OUT_DIR = astroOut;
  // From a previous release (the publisher's live one): its files are linked into the new release
  // while Astro builds (another process, the other core), then what changed is moved in.
  const previousSite = process.env.PREVIOUS_RELEASE_DIR || undefined;
  const previous = previousSite ? await readReleaseFiles(`${previousSite}-deploy`) : null;
  const linking = previousSite && previous ? linkPrevious(previousSite, options.outDir) : null;
  linking?.catch(() => undefined);
  const trash = emptyTrash(astroOut);
  try {
    const { build } = await import('astro');
    const astroStarted = Date.now();
    await build({
      root: options.root,
      outDir: astroOut,
      logLevel: options.logLevel ?? 'warn',
      integrations: [clock.integration()],
    } as Parameters<typeof build>[0]);
    const [incremental, files] = await Promise.all([
      incrementalStats(cacheDir, astroStarted),
      astroIdentities(astroOut, cacheDir),
    ]);
    clock.mark('identified');
    await mkdir(options.deployDir, { recursive: true });
    let delta: ReleaseDelta | undefined;
    if (previousSite && previous && linking) {
      const diff = diffFiles(previous.astro, files);
      await linking;
      clock.mark('linked');
      await applyDiff(astroOut, options.outDir, diff);
      console.log(`  from the previous release: ${diff.changed.length} files changed, ${diff.removed.length} removed`);
      delta = {
        previousSite,
        previousDeploy: `${previousSite}-deploy`,
        changed: new Set(diff.changed),
        removed: new Set(diff.removed),
      };
    } else {
      await moveDir(astroOut, options.outDir);
    }
    await writeReleaseFiles(options.deployDir, files);
    clock.mark('moved');
    const context: BuildContext = { ...options, cmsUrl, astroFiles: new Set(Object.keys(files)), delta };
    // BUILD_SEARCH_INDEX=off: the publisher indexes the release itself (after it went live) and
    // lists its searchable pages in its release checks; precompress then waits for nothing but
    // the redirect stubs and runs beside the headers step.
    const indexLater = process.env.BUILD_SEARCH_INDEX === 'off';
    const skipped = new Set(indexLater ? ['search index'] : []);
    const phases = indexLater ? [postBuildPhases[0]!, postBuildPhases.slice(1).flat()] : postBuildPhases;
    for (const phase of phases) {
      await Promise.all(
        phase
          .filter((step) => !skipped.has(step.name))
          .map(async (step) => {
            const started = performance.now();
            clock.mark(`${step.name}:start`);
            await step.run(context);
            clock.mark(`${step.name}:end`);
            console.log(`  ${step.name}: ${Math.round(performance.now() - started)} ms`);
          }),
      );
    }
    if (indexLater) await writeWhole(path.join(options.deployDir, INDEX_DEFERRED_FILE), '');
    // For the release checks: only the changed pages need their links checked (when nothing went).
    await writeJsonWhole(
      path.join(options.deployDir, RELEASE_DELTA),
      delta
        ? {
            changed: [...delta.changed].sort(),
            removed: [...delta.removed].filter((f) => !delta.changed.has(f)).sort(),
          }
        : null,
    );
    clock.mark('stepsDone');
    await clock.write(options.deployDir);
    // Pages: Astro's and the redirect stubs (no walk of the whole release).
    const redirects = JSON.parse(await readFile(path.join(options.deployDir, REDIRECTS), 'utf8')) as Redirect[];
    const html = new Set([...context.astroFiles].filter((f) => f.endsWith('.html')));
    for (const r of redirects) html.add(stubFile(r));
    const pages = html.size;
    return { pages, cmsUrl, incremental };
  } finally {
    // A failed build: the linking process must be done before the caller removes the staging folder.
    await linking?.catch(() => undefined);
    await trash;
    await closeCms?.();
  }
}
