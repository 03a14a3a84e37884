// `npm run build`: builds the static site into OUT_DIR (default dist/) from the CMS at CMS_URL,
// or from the embedded local CMS when CMS_URL is unset. The site is built into a staging
// folder and only moved into place when every step succeeded: never a half-built dist/.
// Server configuration (nginx include) is written beside it, into `<OUT_DIR>-deploy/`.
// The publisher asks for its builds with flags and a JSON line (src/release/build/build-request.ts).
import { rm, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { becomeProductionProcess } from '../src/config/production-env.ts';
import { buildLock } from './build-lock.ts';
import { parseSiteEnv } from '../src/config/site-env.ts';
import { parseBuildArgs, parseWarmBuildMessage, type BuildRequest } from '../src/release/build/build-request.ts';
import { runBuild } from '../src/release/build/run.ts';
import { failureText } from '../src/release/build/failure-text.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The settings a build reads (the site's own are in src/config/site-env.ts). */
function buildSettings(env: NodeJS.ProcessEnv) {
  const site = parseSiteEnv(env);
  return {
    site,
    cmsUrl: site.CMS_URL,
    outDir: site.OUT_DIR,
    cacheDir: site.ASTRO_CACHE_DIR,
    localCms: { scale: site.LOCAL_CMS_SCALE || undefined, faults: site.LOCAL_CMS_FAULTS },
  };
}

async function swapIn(from: string, to: string) {
  const previous = `${to}.previous-${process.pid}`;
  const hadPrevious = await stat(to).then(
    () => true,
    () => false,
  );
  if (hadPrevious) await rename(to, previous);
  await rename(from, to);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

// Without CMS_URL the build reads the embedded local CMS (its snapshot kept in the repository).
async function startCms(options: { scale: number | undefined; faults: string | undefined }) {
  const { startLocalCms } = await import('./local-cms/server.ts');
  return startLocalCms({ port: 0, snapshotDir: path.join(root, 'scripts/local-cms/snapshot'), ...options });
}

// A test runner's NODE_ENV=test, DEV=1, MODE=test... would make a development build.
const productionProcess = becomeProductionProcess;

async function main(request: BuildRequest, requestedAt?: number) {
  productionProcess();
  const settings = buildSettings(process.env);
  const outDir = path.resolve(root, request.outDir ?? settings.outDir);
  const deployDir = `${outDir}-deploy`;
  const staging = `${outDir}.staging-${process.pid}`;
  const stagingDeploy = `${staging}-deploy`;
  const started = performance.now();
  try {
    const unlock = await buildLock(root);
    const result = await runBuild({
      root,
      outDir: staging,
      finalDir: outDir,
      deployDir: stagingDeploy,
      env: settings.site,
      ...(settings.cmsUrl ? { cmsUrl: settings.cmsUrl } : {}),
      startCms: () => startCms(settings.localCms),
      cacheDir: path.resolve(root, request.cacheDir ?? settings.cacheDir),
      ...(request.previousRelease ? { previousRelease: request.previousRelease } : {}),
      ...(request.nginxRoot ? { nginxRoot: request.nginxRoot } : {}),
      deferSearchIndex: request.deferSearchIndex ?? false,
      ...(requestedAt ? { requestedAt } : {}),
    }).finally(unlock);
    await swapIn(staging, outDir);
    await swapIn(stagingDeploy, deployDir);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const { keyed, rendered } = result.incremental;
    const reused = keyed ? ` ${keyed - rendered} of ${keyed} content pages reused from the last build.` : '';
    console.log(
      `\nBuilt ${result.pages} pages into ${path.relative(root, outDir) || outDir} in ${seconds} s (CMS: ${result.cmsUrl}).${reused}`,
    );
  } catch (error) {
    console.error(
      `\nBuild failed; ${path.relative(root, outDir) || outDir} was left as it was.\n${failureText(error)}`,
    );
    await rm(staging, { recursive: true, force: true });
    await rm(stagingDeploy, { recursive: true, force: true });
    // Now: other requests of the failed build would go on retrying (and logging) against a CMS
    // that is gone, burying the cause under their lines in the publisher's status.
    process.exit(1);
  }
}

/**
 * --wait: a build started ahead of time by the publisher (src/release/publisher/warm-build.ts).
 * It loads Astro now, then waits for one line on stdin, the build's request and settings as JSON,
 * so an edit does not wait for Node and Astro to start. A closed stdin means no build is coming.
 */
async function waitForRequest() {
  productionProcess();
  await import('astro');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  if (!text.includes('\n')) return null;
  const message = parseWarmBuildMessage(text.slice(0, text.indexOf('\n')));
  // The build's settings are its environment (the site's code reads them there).
  for (const key of Object.keys(process.env)) if (!(key in message.settings)) delete process.env[key];
  Object.assign(process.env, message.settings);
  productionProcess();
  return message;
}

const { wait, request } = parseBuildArgs(process.argv.slice(2));
if (wait) {
  // A build of the publisher ends with it: killed (kill -9, a crash), it leaves this process to
  // init, which would go on writing into a folder the next start removes as incomplete.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(1);
  }, 500).unref();
  const message = await waitForRequest();
  if (message) await main(message.request, message.requestedAt);
} else {
  await main(request);
}
