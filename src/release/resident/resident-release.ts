// One release by the resident renderer: the live release linked file by file into the new folder,
// the pages whose props changed rendered into it (and the pages gone removed), then the
// static build's own post-build steps on those changes (redirects, headers, search pages list,
// compressed copies: src/release/build/steps.ts), with the deploy files a build writes, so the
// publisher checks, indexes and switches it exactly as a release of the static build.
import { createHash } from 'node:crypto';
import { mkdir, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SiteEnv } from '../../config/site-env.ts';
import { mapInBatches } from '../build/batches.ts';
import type { BuildContext } from '../build/context.ts';
import { phaseClock } from '../build/phases.ts';
import { readReleaseFiles, removePublished, writeReleaseFiles } from '../build/release-delta.ts';
import { runSteps, writeDeltaFile } from '../build/run.ts';
import { siteFile } from '../../site/rules/site-path.ts';
import { writeWhole } from '../write-whole.ts';
import { orphanedImages } from './orphaned-images.ts';
import type { PageChanges } from './props-hash.ts';
import type { PageRenderer } from './renderer.ts';

/**
 * The endpoints whose output a post-build step reads and removes (src/pages/redirect-inputs.json.ts,
 * src/pages/official-languages-inputs.json.ts): rendered on every release, as the static build does,
 * since any content change may change them; they are not pages of the release.
 */
const BUILD_INPUTS = new Set(['/redirect-inputs.json', '/official-languages-inputs.json']);

/** A change the resident renderer leaves to the full build (the publisher falls back to it). */
export class NeedsFullBuild extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NeedsFullBuild';
  }
}

/** The file the static build writes for a page (build.format 'file', site-path.ts). */
function pageFile(urlPath: string): string {
  if (urlPath.endsWith('.json')) return urlPath.slice(1);
  if (urlPath === '/') return 'index.html';
  const file = siteFile(urlPath);
  if (!file) throw new NeedsFullBuild(`${urlPath} is not a page address`);
  return file;
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

export interface ResidentReleaseOptions {
  root: string;
  env: SiteEnv;
  /** The code key the renderer's bundle and the live release were made with. */
  code: string;
  cmsUrl: string;
  liveSite: string;
  siteDir: string;
  deployDir: string;
  nginxRoot: string;
  cacheDir: string;
  requestedAt: number;
  touched: PageChanges;
  content: ReadonlyMap<string, readonly object[]>;
  renderer: PageRenderer;
  /** When the content was refreshed and the props hashes compared (epoch ms), for the phases. */
  marks: { contentRefreshed: number; indexed: number };
  /** Makes `siteDir` the live release's files, linked; true when linked ahead (prelink.ts). */
  link: (liveSite: string, siteDir: string) => Promise<boolean>;
}

/** Renders the touched pages; an image the live release does not have is left to the full build. */
async function renderTouched(options: ResidentReleaseOptions): Promise<Map<string, string>> {
  const paths = [...new Set([...options.touched.render, ...BUILD_INPUTS])];
  const { pages, images } = await options.renderer.render(paths, options.content);
  for (const file of images)
    if (!(await stat(path.join(options.liveSite, file)).catch(() => null)))
      throw new NeedsFullBuild(
        `a page shows an image the live release does not have (${file}): the full build makes it`,
      );
  for (const [p, html] of pages)
    if (html.includes('/_image?'))
      throw new NeedsFullBuild(`${p} names Astro's image endpoint, which the static site has not`);
  return pages;
}

/** Writes the rendered pages and removes the pages gone; the changed and removed site files. */
async function place(options: ResidentReleaseOptions, pages: Map<string, string>) {
  const changed = new Set<string>();
  const removed = new Set<string>();
  for (const p of options.touched.removed) {
    const file = pageFile(p);
    await removePublished(options.siteDir, file);
    await rmdir(path.dirname(path.join(options.siteDir, file))).catch(() => undefined);
    removed.add(file);
  }
  await mapInBatches(
    [...pages],
    async ([p, html]) => {
      const file = pageFile(p);
      const at = path.join(options.siteDir, file);
      await mkdir(path.dirname(at), { recursive: true });
      // A linked file is the live release's too: replaced (removed, written anew), never written in place.
      await removePublished(options.siteDir, file);
      await writeWhole(at, html, { sync: false });
      if (!BUILD_INPUTS.has(p)) changed.add(file);
    },
    32,
  );
  return { changed, removed };
}

/** Builds the release; throws NeedsFullBuild for what it leaves to the static build. */
export async function residentRelease(
  options: ResidentReleaseOptions,
): Promise<{ changed: number; removed: number; linkedAhead: boolean }> {
  const clock = phaseClock(options.requestedAt);
  Object.assign(clock.marks, options.marks);
  const liveDeploy = `${options.liveSite}-deploy`;
  const files = await readReleaseFiles(liveDeploy);
  if (!files) throw new NeedsFullBuild('the live release has no list of its files');
  const linking = options.link(options.liveSite, options.siteDir);
  linking.catch(() => undefined);
  let pages;
  try {
    pages = await renderTouched(options);
  } finally {
    await linking.catch(() => undefined);
  }
  const linkedAhead = await linking;
  clock.mark('identified');
  clock.mark('linked');
  const { changed, removed } = await place(options, pages);
  // Images only the pages removed or made again showed, as a cold build would not write them.
  const rendered = [...pages].filter(([p]) => !BUILD_INPUTS.has(p)).map(([, html]) => html);
  const before = [...removed, ...changed];
  for (const image of await orphanedImages(options.liveSite, options.siteDir, before, rendered)) {
    await removePublished(options.siteDir, image);
    removed.add(image);
  }
  // The identity of a page written here is its bytes' hash: the next static build (another key)
  // finds it changed and writes its own, the same bytes.
  const astro = { ...files.astro };
  for (const f of removed) delete astro[f];
  for (const [p, html] of pages) if (!BUILD_INPUTS.has(p)) astro[pageFile(p)] = `h:${sha(html)}`;
  await mkdir(options.deployDir, { recursive: true });
  await writeReleaseFiles(options.deployDir, astro);
  clock.mark('moved');
  const delta = { previousSite: options.liveSite, previousDeploy: liveDeploy, changed, removed };
  const context: BuildContext = {
    root: options.root,
    outDir: options.siteDir,
    deployDir: options.deployDir,
    env: options.env,
    cmsUrl: options.cmsUrl,
    cacheDir: options.cacheDir,
    nginxRoot: options.nginxRoot,
    deferSearchIndex: true,
    astroFiles: new Set(Object.keys(astro)),
    delta,
    codeKey: options.code,
  };
  await runSteps(context, clock);
  await writeDeltaFile(options.deployDir, delta);
  clock.mark('stepsDone');
  await clock.write(options.deployDir);
  return { changed: changed.size, removed: removed.size, linkedAhead };
}
