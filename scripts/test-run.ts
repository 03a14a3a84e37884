// `npm test`: the checks, Vitest, then Playwright, each stopping the run when it fails, and at the
// end (passed or not) the time of each stage and the slowest tests, from the runners' JSON reports.
// The site the browser tests use is built while Vitest runs (its files leave part of the two cores
// idle while they wait on their builds and renderers; the build's start was the browser stage's
// first seconds, one core idle), and the browser stage starts with it built.
// One stage alone: `npm run check`, `npm run test:unit`, `npm run test:e2e`.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NO_HUGE_PAGES } from '../src/config/production-env.ts';
import { e2eBuild } from '../tests/e2e/support/e2e-build.ts';
import { diesWithParent } from '../tests/e2e/support/processes.ts';
import { processFolder } from '../tests/run-folder.ts';
import { playwrightTimes, timingReport, vitestTimes, type TestTime } from './test-timings.ts';

const root = path.resolve(import.meta.dirname, '..');
// The run's reports and compile cache; a killed run's folder goes with the next run.
const work = processFolder(os.tmpdir(), 'npm-test-');
const vitestJson = path.join(work, 'vitest.json');
const playwrightJson = path.join(work, 'playwright.json');
// The runners' own reporters as before (dot on CI), and a JSON report each for the summary.
const ci = Boolean(process.env.CI);
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
// Node's module compile cache for the run's processes (about 340 in Vitest: builds, renderers,
// publishers, servers, each loading Astro, Vite or the service again): V8's compiled code of a
// module is kept on disk and read by the next process that loads it. Measured one run after the
// other on the two cores, Vitest took 545 CPU s with it against 572 without. Only the run's
// processes (its folder goes with it): the builds' own chunks, new with each build, would make a
// kept folder grow without end. Not for the checks, whose tools each start once.
const compileCache = { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(work, 'node-compile-cache') };

const STAGES: Array<{ name: string; command: string; args: string[]; env?: Record<string, string> }> = [
  { name: 'check', command: 'npm', args: ['run', '--silent', 'check'] },
  {
    name: 'vitest',
    command: bin('vitest'),
    args: ['run', `--reporter=${ci ? 'dot' : 'default'}`, '--reporter=json', `--outputFile.json=${vitestJson}`],
    env: compileCache,
  },
  {
    name: 'playwright',
    command: bin('playwright'),
    args: ['test', `--reporter=${ci ? 'dot' : 'list'},json`],
    env: { ...compileCache, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  },
];

// The tools' native modules (Vite's bundler rolldown, Astro's compiler, oxc) allocate with mimalloc:
// the setting the builds and renderers get (src/config/production-env.ts), unless yours is set.
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...NO_HUGE_PAGES, ...process.env, ...env },
    });
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The browser tests' site, built in the background; resolves to its output when it failed. */
function buildBrowserSite(): { done: Promise<string | null>; stop: () => void } {
  const [command, args] = diesWithParent(process.execPath, ['scripts/build.ts']);
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...compileCache, ...e2eBuild(root).env },
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = `${output}${chunk}`.slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const done = new Promise<string | null>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('close', (code) => resolve(code === 0 ? null : output || `exit code ${code}`));
  });
  return { done, stop: () => child.kill() };
}

const stages: Array<{ name: string; ms: number; ok: boolean | null }> = [];
let failed = 0;
let browserSite: ReturnType<typeof buildBrowserSite> | undefined;
for (const stage of STAGES) {
  if (failed) {
    stages.push({ name: stage.name, ms: 0, ok: null });
    continue;
  }
  const started = performance.now();
  if (stage.name === 'vitest') browserSite = buildBrowserSite();
  const env = { ...stage.env };
  if (stage.name === 'playwright' && browserSite) {
    const failure = await browserSite.done;
    // Built: the e2e server serves it. Failed: it builds again, and its output says why.
    if (failure === null) env.E2E_SKIP_BUILD = '1';
    else console.error(`The browser tests' site did not build beside Vitest:\n${failure}`);
  }
  failed = await run(stage.command, stage.args, env);
  stages.push({ name: stage.name, ms: performance.now() - started, ok: failed === 0 });
}
browserSite?.stop();

const vitest = vitestTimes(readJson(vitestJson) ?? {}, root);
const tests: TestTime[] = [...vitest.tests, ...playwrightTimes(readJson(playwrightJson) ?? {})];
console.log(timingReport(stages, tests, vitest.files));
rmSync(work, { recursive: true, force: true });
process.exit(failed);
