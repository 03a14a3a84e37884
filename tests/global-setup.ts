// Once per Vitest run: the run's temporary folder (tests/run-folder.ts), the folder of the site
// the read-only tests share (tests/site/built-site.ts) and the PostgreSQL cluster the test files
// share (src/service/storage/tests/shared-postgres.ts), all gone when the run ends. The cluster's
// watchdog stops it if the run is killed.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { postgresBin, startPostgres } from '../src/service/storage/tests/postgres-cluster.ts';
import { startRunFolder } from './run-folder.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    builtSiteDir: string;
    /** The shared cluster's `postgres` database; undefined where PostgreSQL is not installed. */
    postgresUrl: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  // Vitest runs this file for the root project and again for each project that extends it; what
  // the root provides, every project sees.
  if (!project.isRootProject()) return;
  const run = startRunFolder();
  try {
    // Below the run's folder, so it goes with it.
    project.provide('builtSiteDir', await mkdtemp(path.join(os.tmpdir(), 'built-site-')));
    const cluster = postgresBin() ? await startPostgres({ connections: 400 }) : undefined;
    project.provide('postgresUrl', cluster?.url);
    return async () => {
      await cluster?.stop();
      run.remove();
    };
  } catch (error) {
    run.remove();
    throw error;
  }
}
