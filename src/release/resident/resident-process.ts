// The resident renderer's warm process (started by src/release/publisher/resident-builds.ts with an
// IPC channel): it loads the content, builds and loads the server bundle once, then for each
// publish refreshes the content, runs every route's getStaticPaths over it, renders the pages whose
// props hash changed (props-hash.ts) and writes the release (resident-release.ts). Its content is that of one release (`heldFor`): when the live
// release is another (a refused build, a rollback), it asks for the full build instead.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSiteEnv, type SiteEnv } from '../../config/site-env.ts';
import { codeKey } from './code-key.ts';
import { endBuildSession, startBuildSession } from '../../content/build-session.ts';
import { createJsonApiClient } from '../../content/jsonapi-client.ts';
import { mappingVersion } from '../../content/mapping-version.ts';
import { DEPLOY_FILES, deployPath } from '../deploy-files.ts';
import { collectAll, entriesOf, refreshContent, type Collections } from './content-store.ts';
import { changedPages, type PropsHashes } from './props-hash.ts';
import { buildServerBundle, bundleEntry, loadRenderer, type PageRenderer } from './renderer.ts';
import { NeedsFullBuild, residentRelease } from './resident-release.ts';
import type { ResidentReply, ResidentRequest } from './protocol.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** Now, a few seconds early (a save in the same second as the fetch is fetched again), as Drupal writes `changed`. */
const sinceNow = () => new Date(Date.now() - 3000).toISOString().replace(/\.\d+Z$/, '+00:00');

interface State {
  env: SiteEnv;
  cmsUrl: string;
  code: string;
  held: Collections;
  heldFor: string;
  /** When the content held was fetched (a little earlier: `changed` has whole seconds), for the `changed` filter. */
  since: string;
  renderer: Promise<PageRenderer>;
  /** The props hash of every page of `heldFor`, from `held` (computed while the full build runs). */
  hashes: Promise<PropsHashes>;
}

function client(env: SiteEnv, cmsUrl: string) {
  return createJsonApiClient({
    baseUrl: cmsUrl,
    retries: env.CMS_RETRIES,
    timeoutMs: env.CMS_TIMEOUT_SECONDS * 1000,
    maxResponseBytes: env.CMS_MAX_RESPONSE_MB * 1024 * 1024,
    maxPages: env.CMS_MAX_PAGES,
    maxRequests: env.CMS_MAX_REQUESTS,
  });
}

/**
 * The site's code changed since this process started. Its bundle could be built again, but the
 * modules it maps the CMS's nodes with (content-store.ts imports src/content/) are imported once
 * per process: kept, it would map every later edit by the old code. The publisher ends it and
 * starts a new one with the full build.
 */
class CodeChanged extends NeedsFullBuild {}

/** The code key (the settings included) of the process's first start: the code its modules are of. */
let loadedCode: string | null = null;

/** The server bundle of this code, built once per code key (beside Astro's other caches). */
async function rendererFor(env: SiteEnv, cmsUrl: string, code: string): Promise<PageRenderer> {
  const outDir = path.join(root, 'node_modules/.astro-resident', code.slice(0, 16));
  const built = await readFile(bundleEntry(outDir), 'utf8').then(
    (t) => t.includes('residentApp'),
    () => false,
  );
  if (!built) {
    startBuildSession({ cmsUrl, pageKeyConfig: '', contentless: true });
    try {
      await buildServerBundle({ root, outDir, cmsUrl });
    } finally {
      endBuildSession();
    }
  }
  return loadRenderer(root, outDir, env.SITE_URL, cmsUrl);
}

/** Start: the content now (before the full build that goes with it fetches), then the bundle. */
async function start(request: Extract<ResidentRequest, { type: 'start' }>, previous: State | null): Promise<State> {
  const env = parseSiteEnv(request.settings);
  if (!env.CMS_URL) throw new Error('CMS_URL is not set: the resident renderer reads the configured CMS');
  const cmsUrl = env.CMS_URL;
  const code = await codeKey(root, env);
  loadedCode ??= code;
  if (code !== loadedCode) throw new CodeChanged("the site's code changed since the renderer's process started");
  const since = sinceNow();
  const held = await collectAll({
    client: client(env, cmsUrl),
    cmsBase: cmsUrl,
    mappingVersion: await mappingVersion(root),
  });
  // The bundle loaded is kept while the code is the same (a module is imported once per process).
  const renderer = previous?.code === code ? previous.renderer : rendererFor(env, cmsUrl, code);
  renderer.catch(() => undefined);
  // The full build's pages, as the next build compares with them: computed now, off the edit's path.
  const hashes = renderer.then((r) => r.hashes(entriesOf(held)));
  hashes.catch(() => undefined);
  return { env, cmsUrl, code, held, heldFor: request.releaseId, renderer, since, hashes };
}

async function build(state: State, request: Extract<ResidentRequest, { type: 'build' }>): Promise<ResidentReply> {
  if (request.liveId !== state.heldFor && request.liveRebasedFrom !== state.heldFor)
    throw new NeedsFullBuild(
      `the live release (${request.liveId}) is not the one the renderer holds (${state.heldFor})`,
    );
  const renderer = await state.renderer;
  const warningsFile = deployPath(request.deployDir, DEPLOY_FILES.buildWarnings);
  const before = state.held;
  const since = sinceNow();
  // The code key (reading ~450 files) beside the content refresh, not before it; both settle before
  // either is used, so a refresh never writes (its warnings file) into a release a full build removes.
  const [code, refreshed] = await Promise.allSettled([
    codeKey(root, state.env),
    mappingVersion(root).then((version) =>
      refreshContent({
        client: client(state.env, state.cmsUrl),
        cmsBase: state.cmsUrl,
        mappingVersion: version,
        held: before,
        warningsFile,
        since: state.since,
        events: request.events,
      }),
    ),
  ]);
  if (code.status === 'rejected') throw code.reason;
  if (code.value !== state.code) throw new CodeChanged("the site's code or settings changed");
  if (refreshed.status === 'rejected') throw refreshed.reason;
  const { collections: after, changedOnly } = refreshed.value;
  const contentRefreshed = Date.now();
  const content = entriesOf(after);
  const previous = await state.hashes;
  const hashes = await renderer.hashes(content);
  const touched = changedPages(previous, hashes);
  // What a full build after this one starts from: this content (fetched before it).
  state.held = after;
  state.heldFor = request.releaseId;
  state.since = since;
  state.hashes = Promise.resolve(hashes);
  const result = await residentRelease({
    root,
    env: state.env,
    cmsUrl: state.cmsUrl,
    liveSite: request.liveSite,
    siteDir: request.siteDir,
    deployDir: request.deployDir,
    nginxRoot: request.nginxRoot,
    cacheDir: request.cacheDir,
    requestedAt: request.requestedAt,
    touched,
    content,
    renderer,
    marks: { contentRefreshed, indexed: Date.now() },
  });
  return {
    type: 'built',
    ...result,
    changedOnly,
    pages: touched.render.size,
    memoryMb: Math.round(process.memoryUsage().rss / 1048576),
  };
}

let state: Promise<State> | null = null;

async function answer(request: Exclude<ResidentRequest, { type: 'ping' }>): Promise<ResidentReply> {
  try {
    if (request.type === 'start') {
      const previous = await state?.catch(() => null);
      state = start(request, previous ?? null);
      await state;
      return { type: 'started' };
    }
    if (!state) throw new NeedsFullBuild('the renderer has no content yet');
    return await build(await state, request);
  } catch (error) {
    const full = error instanceof NeedsFullBuild;
    return {
      type: 'failed',
      fullBuild: full,
      restart: error instanceof CodeChanged,
      message: (error as Error).message,
    };
  }
}

// Requests one at a time, in order (the publisher sends one and waits); a ping is answered at once,
// whatever is under way: only a stopped process or a blocked event loop leaves it unanswered.
let queue = Promise.resolve();
process.on('message', (request: ResidentRequest) => {
  if (request.type === 'ping') return void process.send!({ type: 'pong' } satisfies ResidentReply);
  queue = queue.then(async () => {
    process.send!(await answer(request));
  });
});
// The publisher gone (its channel closed): nothing more will come.
process.on('disconnect', () => process.exit(0));
