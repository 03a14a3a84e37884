// Where a test run's time goes: each stage's duration and the slowest tests, read from Vitest's and
// Playwright's JSON reports (scripts/test-run.ts writes them). A test that grows the run shows
// here, in the run's last lines.

export interface TestTime {
  suite: 'vitest' | 'playwright';
  name: string;
  ms: number;
}

interface VitestReport {
  testResults?: Array<{
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: Array<{ fullName?: string; title: string; duration?: number | null }>;
  }>;
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; file?: string; tests?: Array<{ results?: Array<{ duration?: number }> }> }>;
}

const relative = (root: string, file: string) => (file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file);

/** Every Vitest test with its duration, and every file with its tests' time (Vitest's report leaves its hooks out). */
export function vitestTimes(report: VitestReport, root: string): { tests: TestTime[]; files: TestTime[] } {
  const tests: TestTime[] = [];
  const files: TestTime[] = [];
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    if (file.startTime && file.endTime) files.push({ suite: 'vitest', name, ms: file.endTime - file.startTime });
    for (const t of file.assertionResults ?? [])
      tests.push({ suite: 'vitest', name: `${name} › ${t.fullName ?? t.title}`, ms: t.duration ?? 0 });
  }
  return { tests, files };
}

/** Every Playwright test with its duration (the sum of its runs: retries and repeats included). */
export function playwrightTimes(report: { suites?: PlaywrightSuite[] }): TestTime[] {
  const times: TestTime[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.file && !titles.length ? [suite.file] : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        times.push({
          suite: 'playwright',
          name: [...here, spec.title].filter(Boolean).join(' › '),
          ms: (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0),
        });
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return times;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export function slowest(times: TestTime[], count = 10): TestTime[] {
  return [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** The report's text: the stages (name, time, passed), then the slowest tests and Vitest files. */
export function timingReport(
  stages: Array<{ name: string; ms: number; ok: boolean | null }>,
  tests: TestTime[],
  files: TestTime[],
): string {
  const lines = ['', 'Where the time went:'];
  for (const s of stages)
    lines.push(`${seconds(s.ms)}  ${s.name}${s.ok === null ? ' (not run)' : s.ok ? '' : ' (failed)'}`);
  lines.push(`${seconds(stages.reduce((sum, s) => sum + s.ms, 0))}  in all`);
  if (tests.length) {
    lines.push('', 'The ten slowest tests:');
    for (const t of slowest(tests)) lines.push(`${seconds(t.ms)}  [${t.suite}] ${t.name}`);
  }
  if (files.length) {
    lines.push('', 'The five slowest Vitest files (their tests, set-up hooks aside):');
    for (const f of slowest(files, 5)) lines.push(`${seconds(f.ms)}  ${f.name}`);
  }
  return lines.join('\n');
}
