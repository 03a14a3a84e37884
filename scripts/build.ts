// `npm run build`: builds the static site into OUT_DIR (default dist/) from the CMS at CMS_URL,
// or from the embedded local CMS when CMS_URL is unset. The site is built into a staging
// folder and only moved into place when every step succeeded: never a half-built dist/.
import { rm, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseSiteEnv } from '../src/config/site-env.ts';
import { runBuild } from './build/run.ts';

const root = path.resolve(import.meta.dirname, '..');

async function main() {
  const env = parseSiteEnv(process.env);
  const outDir = path.resolve(root, process.env.OUT_DIR || 'dist');
  const staging = `${outDir}.staging-${process.pid}`;
  const started = performance.now();
  try {
    const result = await runBuild({ root, outDir: staging, env });
    const previous = `${outDir}.previous-${process.pid}`;
    const hadPrevious = await stat(outDir).then(() => true, () => false);
    if (hadPrevious) await rename(outDir, previous);
    await rename(staging, outDir);
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\nBuilt ${result.pages} pages into ${path.relative(root, outDir) || outDir} in ${seconds} s (CMS: ${result.cmsUrl}).`);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    console.error(`\nBuild failed; ${path.relative(root, outDir) || outDir} was left as it was.\n${(error as Error).message}`);
    process.exitCode = 1;
  }
}

await main();
