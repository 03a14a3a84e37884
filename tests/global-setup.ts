// Once per Vitest run: the run's temporary folder (tests/run-folder.ts), the folder of the site
// the read-only tests share (tests/site/built-site.ts), that of the publishing tests' shared first
// release (src/release/tests/shared-first-release.ts) and the PostgreSQL cluster the test files
// share (src/service/storage/tests/shared-postgres.ts), all gone when the run ends. The cluster's
// watchdog stops it if the run is killed.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { postgresBin, startPostgres } from '../src/service/storage/tests/postgres-cluster.ts';
import { startRunFolder } from './run-folder.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    builtSiteDir: string;
    /** Where the shared first release is made (src/release/tests/shared-first-release.ts). */
    firstReleaseDir: string;
    /** The shared cluster's `postgres` database; undefined where PostgreSQL is not installed. */
    postgresUrl: string | undefined;
  }
}

/**
 * The copies of the site Astro wrote for the run's builds, set aside to be removed by the next
 * build from the same cache (src/release/build/release-delta.ts): a test's cache is in the run's
 * folder, on another file system than the project, so they are in node_modules/.astro, and no
 * build from that cache comes again. Set aside means done with: removed at the run's start (a
 * killed run's) and end.
 */
async function removeSetAsideOutput() {
  const dir = path.resolve(import.meta.dirname, '../node_modules/.astro');
  const setAside = (await readdir(dir).catch(() => [] as string[])).filter((n) => /^output-.*\.trash-/.test(n));
  await Promise.all(setAside.map((n) => rm(path.join(dir, n), { recursive: true, force: true })));
}

export default async function setup(project: TestProject) {
  // Vitest runs this file for the root project and again for each project that extends it; what
  // the root provides, every project sees.
  if (!project.isRootProject()) return;
  const run = startRunFolder();
  await removeSetAsideOutput();
  try {
    // Below the run's folder, so it goes with it.
    project.provide('builtSiteDir', await mkdtemp(path.join(os.tmpdir(), 'built-site-')));
    project.provide('firstReleaseDir', await mkdtemp(path.join(os.tmpdir(), 'first-release-')));
    const cluster = postgresBin() ? await startPostgres({ connections: 400 }) : undefined;
    project.provide('postgresUrl', cluster?.url);
    return async () => {
      await cluster?.stop();
      run.remove();
      await removeSetAsideOutput();
    };
  } catch (error) {
    run.remove();
    throw error;
  }
}
