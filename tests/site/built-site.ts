// The site built once per Vitest run, as production builds it (SITE_ENV=production, an https
// origin), from the embedded local CMS, for the tests that only read it (budgets.test.ts,
// language.test.ts, cdn-hosts.test.ts and others): the first file to ask builds it, the others
// wait for it (tests/once-per-run.ts). The folder is the run's (tests/global-setup.ts makes it and
// removes it); nothing may write into it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { oncePerRun } from '../once-per-run.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The built site's public origin. */
export const SITE_URL = 'https://socialsupports.example';

function build(dist: string, cache: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/build.ts'], {
      cwd: root,
      env: { ...process.env, SITE_URL, SITE_ENV: 'production', OUT_DIR: dist, ASTRO_CACHE_DIR: cache },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = `${errors}${chunk}`.slice(-20_000)));
    child.once('exit', (code) => resolve(code === 0 ? null : errors || `exit code ${code}`));
  });
}

/** The built site's folder (dist/), once it is built. */
export function builtSite(): Promise<string> {
  const dir = inject('builtSiteDir');
  const dist = path.join(dir, 'dist');
  return oncePerRun(dir, 'the shared site build', async () => {
    const failure = await build(dist, path.join(dir, 'cache'));
    if (failure) throw new Error(failure);
    return dist;
  });
}

/** The built site's Astro cache folder (ASTRO_CACHE_DIR), once the site is built. */
export async function builtSiteCache(): Promise<string> {
  return path.join(path.dirname(await builtSite()), 'cache');
}
