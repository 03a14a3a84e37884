// The bare fixture the cold build is compared with: a plain Astro build of the same number of pages
// (scripts/bench/bare/) and a plain Pagefind run over the project's own output (the same pages the
// project indexes). Each runs in its own process, timed with its peak memory, like the project build.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const fixture = path.resolve(import.meta.dirname, 'bare');
const root = path.resolve(import.meta.dirname, '../..');

function timed(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const gnuTime = existsSync('/usr/bin/time');
  const started = performance.now();
  const result = spawnSync(
    gnuTime ? '/usr/bin/time' : process.execPath,
    gnuTime ? ['-f', '%M', process.execPath, ...args] : args,
    { cwd, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr.slice(-2000)}`);
  const peakKb = gnuTime ? Number(result.stderr.trim().split('\n').pop()) : NaN;
  return { seconds, peakMemoryMb: Number.isNaN(peakKb) ? null : Math.round(peakKb / 1024) };
}

/** A bare Astro build of `pages` pages into `outDir`. */
export function bareAstro(pages: number, outDir: string) {
  const cacheDir = `${outDir}-cache`;
  const script = `const { build } = await import('astro'); await build({ root: ${JSON.stringify(fixture)}, logLevel: 'error' });`;
  try {
    return timed(
      ['--max-old-space-size=8192', '--input-type=module', '-e', script],
      {
        BARE_PAGES: String(pages),
        BARE_OUT_DIR: outDir,
        BARE_CACHE_DIR: cacheDir,
        ASTRO_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
      },
      fixture,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
    // Astro's generated types, which nothing else reads (and lint would).
    rmSync(path.join(fixture, '.astro'), { recursive: true, force: true });
  }
}

/** A bare Pagefind run over a built site (the pages the project indexes), into a throw-away folder. */
export function barePagefind(siteDir: string) {
  const output = `${siteDir}-bare-pagefind`;
  try {
    return timed(['src/release/search/search-index.ts', siteDir, output, '--no-precompress'], {}, root);
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}
