// Once per Vitest run: the folder of the site the read-only tests share (tests/site/built-site.ts),
// removed when the run ends.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    builtSiteDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'built-site-'));
  project.provide('builtSiteDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
