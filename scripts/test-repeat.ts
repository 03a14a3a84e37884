// `npm run test:repeat -- --runs 3`: runs the browser suite (Playwright --repeat-each) and the
// integration and security tests (vitest, once per run) several times over, with the machine's
// cores kept busy, then says which tests ever failed and how many runs passed. A test that fails
// one time in ten on a busy machine blocks a submission one time in ten: this finds it first.
//   --runs N          repeats (default 3)
//   --load N          busy-loop processes beside the tests (default: one per core; 0 for none)
//   --browser-only, --integration-only
//   anything after `--` goes to Playwright (a file, --grep, --workers…)
// Exit code 1 when any test failed even once.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { diesWithParent } from '../tests/e2e/support/processes.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: String(os.availableParallelism()) },
    'browser-only': { type: 'boolean', default: false },
    'integration-only': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const load = Number(values.load);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(load) || load < 0) {
  console.error(
    'Usage: npm run test:repeat -- [--runs N] [--load N] [--browser-only|--integration-only] [-- playwright args]',
  );
  process.exit(2);
}
const work = mkdtempSync(path.join(os.tmpdir(), 'test-repeat-'));

/** Per test: the runs it failed in, with the first line of each error. */
interface Outcome {
  passed: number;
  failures: Array<{ run: number; error: string }>;
}
interface SuiteResult {
  name: string;
  tests: Map<string, Outcome>;
  failedRuns: Set<number>;
  problems: string[]; // a suite that could not run at all (a file that did not load, a server that did not start)
}

function record(suite: SuiteResult, test: string, run: number, passed: boolean, error = '') {
  const outcome = suite.tests.get(test) ?? { passed: 0, failures: [] };
  suite.tests.set(test, outcome);
  if (passed) outcome.passed++;
  else {
    outcome.failures.push({ run, error });
    suite.failedRuns.add(run);
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(...diesWithParent(command, args), {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

// The load: busy loops at normal priority, one per core by default, so the tests get a share of
// the machine, not all of it. Bounded: they die with this script (parent-death signal), and are
// ended when the tests are done.
const burners = Array.from({ length: load }, () =>
  spawn(...diesWithParent(process.execPath, ['-e', 'for (;;) {}']), { stdio: 'ignore' }),
);
const stopBurners = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('SIGINT', () => {
  stopBurners();
  process.exit(130);
});
console.log(`[repeat] ${runs} runs, ${load} busy-loop process(es) on ${os.availableParallelism()} core(s)`);

async function browser(): Promise<SuiteResult> {
  const suite: SuiteResult = { name: 'browser (Playwright)', tests: new Map(), failedRuns: new Set(), problems: [] };
  const results = path.join(work, 'playwright.jsonl');
  const code = await run(
    path.join(root, 'node_modules/.bin/playwright'),
    [
      'test',
      '--repeat-each',
      String(runs),
      '--retries',
      '0',
      '--reporter',
      `dot,${path.join(root, 'scripts/test-repeat-reporter.ts')}`,
      ...positionals,
    ],
    { TEST_REPEAT_RESULTS: results },
  );
  const lines = existsSync(results) ? readFileSync(results, 'utf8').trim().split('\n').filter(Boolean) : [];
  for (const line of lines) {
    const r = JSON.parse(line) as { test?: string; run: number; passed: boolean; skipped: boolean; error?: string };
    if (r.test && !r.skipped) record(suite, r.test, r.run + 1, r.passed, r.error);
  }
  if (code !== 0 && !suite.failedRuns.size) {
    // It did not get to run its tests (a taken port, a failed build): no run passed.
    suite.problems.push(`Playwright exited with ${code} and no failed test: see its output above`);
    for (let n = 1; n <= runs; n++) suite.failedRuns.add(n);
  }
  return suite;
}

async function integration(): Promise<SuiteResult> {
  const suite: SuiteResult = {
    name: 'integration and security (vitest)',
    tests: new Map(),
    failedRuns: new Set(),
    problems: [],
  };
  for (let n = 1; n <= runs; n++) {
    console.log(`[repeat] integration and security tests, run ${n} of ${runs}`);
    const results = path.join(work, `vitest-${n}.json`);
    const code = await run(path.join(root, 'node_modules/.bin/vitest'), [
      'run',
      'src',
      'scripts',
      'tests/security',
      'tests/setup',
      'tests/site',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${results}`,
    ]);
    if (!existsSync(results)) {
      suite.problems.push(`run ${n}: vitest exited with ${code} and wrote no results`);
      suite.failedRuns.add(n);
      continue;
    }
    const report = JSON.parse(readFileSync(results, 'utf8')) as {
      testResults: Array<{
        name: string;
        status: string;
        message?: string;
        assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
      }>;
    };
    for (const file of report.testResults) {
      const name = path.relative(root, file.name);
      for (const t of file.assertionResults) {
        if (t.status === 'skipped' || t.status === 'pending' || t.status === 'todo') continue;
        const error = (t.failureMessages[0] ?? '').split('\n')[0];
        record(suite, `${name} › ${t.fullName}`, n, t.status === 'passed', error);
      }
      // A file that failed outside its tests (did not load, a hook threw).
      if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'))
        record(suite, `${name} (the file itself)`, n, false, (file.message ?? '').split('\n')[0]);
    }
  }
  return suite;
}

const suites: SuiteResult[] = [];
try {
  if (!values['integration-only']) suites.push(await browser());
  if (!values['browser-only']) suites.push(await integration());
} finally {
  stopBurners();
}

let failed = false;
console.log('\n[repeat] summary');
for (const suite of suites) {
  const total = [...suite.tests.values()].reduce((n, o) => n + o.passed + o.failures.length, 0);
  const flaky = [...suite.tests.entries()].filter(([, o]) => o.failures.length);
  console.log(
    `${suite.name}: ${runs - suite.failedRuns.size} of ${runs} runs passed; ${suite.tests.size} tests, ${total} results, ${flaky.length} test(s) failed at least once`,
  );
  for (const [test, outcome] of flaky) {
    console.log(`  FAILED ${outcome.failures.length} of ${outcome.failures.length + outcome.passed}: ${test}`);
    for (const f of outcome.failures) console.log(`    run ${f.run}: ${f.error}`);
  }
  for (const problem of suite.problems) console.log(`  ${problem}`);
  if (flaky.length || suite.problems.length) failed = true;
}
process.exitCode = failed ? 1 : 0;
