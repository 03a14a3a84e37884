// `npm test`: the checks, Vitest, then Playwright, each stopping the run when it fails, and at the
// end (passed or not) the time of each stage and the slowest tests, from the runners' JSON reports.
// One stage alone: `npm run check`, `npm run test:unit`, `npm run test:e2e`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playwrightTimes, timingReport, vitestTimes, type TestTime } from './test-timings.ts';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
const vitestJson = path.join(work, 'vitest.json');
const playwrightJson = path.join(work, 'playwright.json');
// The runners' own reporters as before (dot on CI), and a JSON report each for the summary.
const ci = Boolean(process.env.CI);
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const STAGES: Array<{ name: string; command: string; args: string[]; env?: Record<string, string> }> = [
  { name: 'check', command: 'npm', args: ['run', '--silent', 'check'] },
  {
    name: 'vitest',
    command: bin('vitest'),
    args: ['run', `--reporter=${ci ? 'dot' : 'default'}`, '--reporter=json', `--outputFile.json=${vitestJson}`],
  },
  {
    name: 'playwright',
    command: bin('playwright'),
    args: ['test', `--reporter=${ci ? 'dot' : 'list'},json`],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  },
];

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
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

const stages: Array<{ name: string; ms: number; ok: boolean | null }> = [];
let failed = 0;
for (const stage of STAGES) {
  if (failed) {
    stages.push({ name: stage.name, ms: 0, ok: null });
    continue;
  }
  const started = performance.now();
  failed = await run(stage.command, stage.args, stage.env);
  stages.push({ name: stage.name, ms: performance.now() - started, ok: failed === 0 });
}

const vitest = vitestTimes(readJson(vitestJson) ?? {}, root);
const tests: TestTime[] = [...vitest.tests, ...playwrightTimes(readJson(playwrightJson) ?? {})];
console.log(timingReport(stages, tests, vitest.files));
rmSync(work, { recursive: true, force: true });
process.exit(failed);
