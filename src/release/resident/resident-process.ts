// The resident renderer's warm process (started by src/release/publisher/resident-builds.ts with an
// IPC channel): it loads the content, builds and loads the server bundle once, then for each
// publish changes the content by delta (content-delta.ts), runs every route's getStaticPaths over it, renders the pages whose
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
import { collectAll, entriesOf, type HeldContent } from './content-store.ts';
import { refreshDelta } from './content-delta.ts';
import { reconcile } from './reconcile.ts';
import { changedPages, type PropsHashes } from './props-hash.ts';
import { loadHashes, saveHashes } from './saved-hashes.ts';
import { buildServerBundle, bundleEntry, loadRenderer, type PageRenderer } from './renderer.ts';
import { NeedsFullBuild, residentRelease } from './resident-release.ts';
import { prelinker } from './prelink.ts';
import type { ResidentReply, ResidentRequest } from './protocol.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const prelinked = prelinker();

/**
 * How far before a fetch's start the next `changed` filter reaches back. The start is read on the
 * CMS's own clock (the Date header of its first answer), so a CMS clock that is off by minutes
 * loses nothing; the overlap covers what that reading cannot: Drupal stamps `changed` with the
 * time the save's request began, in whole seconds, and the node is only visible once the save
 * ends (a save that began before the fetch and ended after it). A minute is longer than any save;
 * a node saved within it is fetched again and, unchanged, keeps its entry.
 */
const OVERLAP_SECONDS = 60;

/** A client of the CMS that notes the earliest Date its answers carry: the fetch's start on the CMS's clock. */
function clocked(env: SiteEnv, cmsUrl: string) {
  let earliest = Infinity;
  const started = Date.now();
  const cms = client(env, cmsUrl, (ms) => (earliest = Math.min(earliest, ms)));
  // No Date header (no answer yet): this machine's clock.
  const since = () => Math.floor((Number.isFinite(earliest) ? earliest : started) / 1000) - OVERLAP_SECONDS;
  return { cms, since };
}

interface State {
  env: SiteEnv;
  cmsUrl: string;
  code: string;
  held: HeldContent;
  heldFor: string;
  /** The `changed` filter's bound: the last fetch's start on the CMS's clock, less the overlap (Unix seconds). */
  since: number;
  renderer: Promise<PageRenderer>;
  /** The props hash of every page of `heldFor`, from `held` (computed while the full build runs). */
  hashes: Promise<PropsHashes>;
  /** Where the hashes of each release are saved for a renderer after a restart (saved-hashes.ts). */
  hashesDir: string | null;
}

/** The hashes of `releaseId` saved; a failure to save only costs a later adoption. */
function save(state: State, releaseId: string, hashes: PropsHashes, keep: Array<string | null | undefined>) {
  if (!state.hashesDir) return;
  saveHashes(state.hashesDir, releaseId, state.code, hashes, keep).catch((error: Error) =>
    process.stderr.write(`the pages' hashes of ${releaseId} were not saved: ${error.message}\n`),
  );
}

function client(env: SiteEnv, cmsUrl: string, onServerDate?: (ms: number) => void) {
  return createJsonApiClient({
    ...(onServerDate ? { onServerDate } : {}),
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
async function start(request: Extract<ResidentRequest, { type: 'start' }>, previous: State | null) {
  const env = parseSiteEnv(request.settings);
  if (!env.CMS_URL) throw new Error('CMS_URL is not set: the resident renderer reads the configured CMS');
  const cmsUrl = env.CMS_URL;
  const code = await codeKey(root, env);
  loadedCode ??= code;
  if (code !== loadedCode) throw new CodeChanged("the site's code changed since the renderer's process started");
  const version = await mappingVersion(root);
  const fetch = clocked(env, cmsUrl);
  // The periodic reconciliation's check: what a delta would hold now against the full fetch.
  const comparable = previous && previous.code === code && previous.heldFor === request.liveId;
  const delta = comparable
    ? refreshDelta({
        client: client(env, cmsUrl),
        cmsBase: cmsUrl,
        mappingVersion: version,
        held: previous.held,
        since: previous.since,
        events: request.events ?? [],
      }).catch((error: unknown) => error as Error)
    : null;
  const held = await collectAll({ client: fetch.cms, cmsBase: cmsUrl, mappingVersion: version });
  const since = fetch.since();
  const reconciliation = delta ? reconcile(await delta, held) : undefined;
  // The bundle loaded is kept while the code is the same (a module is imported once per process).
  const renderer = previous?.code === code ? previous.renderer : rendererFor(env, cmsUrl, code);
  renderer.catch(() => undefined);
  const base = { env, cmsUrl, code, held, renderer, since, hashesDir: request.hashesDir ?? null };
  // After a restart: the live release is taken as this content's base when its pages' hashes were
  // saved by this code; the next build then renders what changed since it, whenever it changed.
  let notAdopted: string | undefined;
  if (request.adopt && request.liveId && base.hashesDir) {
    const saved = await loadHashes(base.hashesDir, [request.liveId, request.liveRebasedFrom ?? null], code);
    if ('hashes' in saved) {
      await renderer;
      return { state: { ...base, heldFor: request.liveId, hashes: Promise.resolve(saved.hashes) }, adopted: true };
    }
    notAdopted = saved.why;
  }
  // The full build's pages, as the next build compares with them: computed now, off the edit's path.
  const hashes = renderer.then((r) => r.hashes(entriesOf(held.collections)));
  hashes.catch(() => undefined);
  const state: State = { ...base, heldFor: request.releaseId, hashes };
  void hashes.then(
    (h) => save(state, request.releaseId, h, [request.liveId]),
    () => undefined,
  );
  return { state, reconciliation, notAdopted };
}

type BuildRequest = Extract<ResidentRequest, { type: 'build' }>;

/**
 * The pages of the live release, when the renderer holds another: the release it made or started
 * with never went live (its build or its checks failed: a full disk, a refused release). The live
 * release's hashes saved by this code are then the base, as after a restart; without them, the
 * full build.
 */
async function savedLivePages(state: State, request: BuildRequest): Promise<PropsHashes> {
  const why = `the live release (${request.liveId}) is not the one the renderer holds (${state.heldFor})`;
  if (!state.hashesDir) throw new NeedsFullBuild(why);
  const saved = await loadHashes(state.hashesDir, [request.liveId, request.liveRebasedFrom ?? null], state.code);
  if (!('hashes' in saved)) throw new NeedsFullBuild(`${why}, and ${saved.why}`);
  return saved.hashes;
}

async function build(state: State, request: BuildRequest): Promise<ResidentReply> {
  const holdsLive = request.liveId === state.heldFor || request.liveRebasedFrom === state.heldFor;
  const base = holdsLive ? state.hashes : Promise.resolve(await savedLivePages(state, request));
  const renderer = await state.renderer;
  const warningsFile = deployPath(request.deployDir, DEPLOY_FILES.buildWarnings);
  const fetch = clocked(state.env, state.cmsUrl);
  // The code key (reading ~450 files) beside the content refresh, not before it; both settle before
  // either is used, so a refresh never writes (its warnings file) into a release a full build removes.
  const [code, refreshed] = await Promise.allSettled([
    codeKey(root, state.env),
    mappingVersion(root).then((version) =>
      refreshDelta({
        client: fetch.cms,
        cmsBase: state.cmsUrl,
        mappingVersion: version,
        held: state.held,
        warningsFile,
        since: state.since,
        events: request.events,
      }),
    ),
  ]);
  if (code.status === 'rejected') throw code.reason;
  if (code.value !== state.code) throw new CodeChanged("the site's code or settings changed");
  if (refreshed.status === 'rejected') throw refreshed.reason;
  const { content: after, fetched, notes } = refreshed.value;
  const contentRefreshed = Date.now();
  const content = entriesOf(after.collections);
  const previous = await base;
  const hashes = await renderer.hashes(content);
  const touched = changedPages(previous, hashes);
  // What a full build after this one starts from: this content (fetched before it).
  state.held = after;
  state.heldFor = request.releaseId;
  state.since = fetch.since();
  state.hashes = Promise.resolve(hashes);
  save(state, request.releaseId, hashes, [request.liveId, request.liveRebasedFrom]);
  const result = await residentRelease({
    root,
    env: state.env,
    code: state.code,
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
    link: prelinked.link,
  });
  return {
    type: 'built',
    ...result,
    fetched,
    notes,
    pages: touched.render.size,
    memoryMb: Math.round(process.memoryUsage().rss / 1048576),
  };
}

let state: Promise<State> | null = null;

async function answer(request: Exclude<ResidentRequest, { type: 'ping' | 'prelink' }>): Promise<ResidentReply> {
  try {
    if (request.type === 'start') {
      const previous = await state?.catch(() => null);
      const started = start(request, previous ?? null);
      state = started.then((s) => s.state);
      state.catch(() => undefined);
      const { reconciliation, adopted, notAdopted } = await started;
      return {
        type: 'started',
        ...(reconciliation ? { reconciliation } : {}),
        ...(adopted ? { adopted } : {}),
        ...(notAdopted ? { notAdopted } : {}),
      };
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
  if (request.type === 'prelink') return prelinked.prepare(request.releasesDir, request.liveSite);
  queue = queue.then(async () => {
    process.send!(await answer(request));
  });
});
// The publisher gone (its channel closed): nothing more will come. What this process started (the
// links of the next release) ends with it: it leads its process group (resident-builds.ts), and
// a publisher killed outright could not kill that group itself.
process.on('disconnect', () => {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.exit(0);
  }
});
