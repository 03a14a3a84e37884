// `npm run build`: builds the static site into OUT_DIR (default dist/) from the CMS at CMS_URL,
// or from the embedded local CMS when CMS_URL is unset. The site is built into a staging
// folder and only moved into place when every step succeeded: never a half-built dist/.
// Server configuration (nginx include) is written beside it, into `<OUT_DIR>-deploy/`.
import { rm, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseSiteEnv } from '../src/config/site-env.ts';
import { runBuild } from '../src/release/build/run.ts';

const root = path.resolve(import.meta.dirname, '..');

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
async function startCms() {
  const { startLocalCms } = await import('./local-cms/server.ts');
  return startLocalCms({
    port: 0,
    snapshotDir: path.join(root, 'scripts/local-cms/snapshot'),
    scale: Number(process.env.LOCAL_CMS_SCALE || 0) || undefined,
    faults: process.env.LOCAL_CMS_FAULTS || undefined,
  });
}

async function main() {
  // A test runner's NODE_ENV=test would make Astro bundle development React.
  if (process.env.NODE_ENV !== 'development') process.env.NODE_ENV = 'production';
  const env = parseSiteEnv(process.env);
  const outDir = path.resolve(root, process.env.OUT_DIR || 'dist');
  const deployDir = `${outDir}-deploy`;
  const staging = `${outDir}.staging-${process.pid}`;
  const stagingDeploy = `${staging}-deploy`;
  const started = performance.now();
  try {
    const result = await runBuild({ root, outDir: staging, finalDir: outDir, deployDir: stagingDeploy, env, startCms });
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
      `\nBuild failed; ${path.relative(root, outDir) || outDir} was left as it was.\n${(error as Error).message}`,
    );
    await rm(staging, { recursive: true, force: true });
    await rm(stagingDeploy, { recursive: true, force: true });
    // Now: other requests of the failed build would go on retrying (and logging) against a CMS
    // that is gone, burying the cause under their lines in the publisher's status.
    process.exit(1);
  }
}

// BUILD_WAIT=1: a build started ahead of time by the publisher (src/release/publisher/warm-build.ts).
// It loads Astro now, then waits for one line on stdin, the environment of this build as JSON,
// so an edit does not wait for Node and Astro to start. A closed stdin means no build is coming.
async function waitForGo(): Promise<boolean> {
  if (process.env.NODE_ENV !== 'development') process.env.NODE_ENV = 'production';
  await import('astro');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  if (!text.includes('\n')) return false;
  const env = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, string>;
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  // The build's phases start when it was asked for (a process started just now counts its own start-up).
  Object.assign(process.env, env, { BUILD_STARTED_AT: env.BUILD_REQUESTED_AT ?? String(Date.now()) });
  return true;
}

// A build of the publisher ends with it: killed (kill -9, a crash), it leaves this process to init,
// which would go on writing into a folder the next start removes as incomplete.
if (process.env.BUILD_WAIT === '1') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(1);
  }, 500).unref();
}

if (process.env.BUILD_WAIT !== '1' || (await waitForGo())) await main();
