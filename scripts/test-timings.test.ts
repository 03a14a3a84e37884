// The summary `npm test` ends with (scripts/test-run.ts): stage times and the slowest tests, read
// from the runners' JSON reports in the shapes Vitest and Playwright write them.
import { describe, expect, it } from 'vitest';
import { playwrightTimes, slowest, timingReport, vitestTimes } from './test-timings.ts';

const vitestReport = {
  testResults: [
    {
      name: '/repo/src/a.test.ts',
      startTime: 1000,
      endTime: 61_000,
      assertionResults: [
        { title: 'fast', fullName: 'a fast', duration: 3 },
        { title: 'slow', fullName: 'a slow', duration: 42_000 },
      ],
    },
    { name: '/repo/src/b.test.ts', startTime: 0, endTime: 0, assertionResults: [{ title: 'skipped', duration: null }] },
  ],
};

const playwrightReport = {
  suites: [
    {
      title: 'site.spec.ts',
      file: 'site.spec.ts',
      specs: [{ title: 'home', tests: [{ results: [{ duration: 2000 }] }] }],
      suites: [
        {
          title: 'en pages',
          file: 'site.spec.ts',
          specs: [{ title: 'retried', tests: [{ results: [{ duration: 30_000 }, { duration: 25_000 }] }] }],
        },
      ],
    },
  ],
};

describe('the timing report', () => {
  it('reads each Vitest test and file, named relative to the project', () => {
    const { tests, files } = vitestTimes(vitestReport, '/repo');
    expect(tests).toEqual([
      { suite: 'vitest', name: 'src/a.test.ts › a fast', ms: 3 },
      { suite: 'vitest', name: 'src/a.test.ts › a slow', ms: 42_000 },
      { suite: 'vitest', name: 'src/b.test.ts › skipped', ms: 0 },
    ]);
    expect(files).toEqual([{ suite: 'vitest', name: 'src/a.test.ts', ms: 60_000 }]);
  });

  it('reads each Playwright test with its describe, retries counted', () => {
    expect(playwrightTimes(playwrightReport)).toEqual([
      { suite: 'playwright', name: 'site.spec.ts › home', ms: 2000 },
      { suite: 'playwright', name: 'site.spec.ts › en pages › retried', ms: 55_000 },
    ]);
  });

  it('ends with the stages, the total and the slowest tests first', () => {
    const tests = [...vitestTimes(vitestReport, '/repo').tests, ...playwrightTimes(playwrightReport)];
    expect(slowest(tests, 2).map((t) => t.ms)).toEqual([55_000, 42_000]);
    const text = timingReport(
      [
        { name: 'check', ms: 60_000, ok: true },
        { name: 'vitest', ms: 200_000, ok: false },
        { name: 'playwright', ms: 0, ok: null },
      ],
      tests,
      [],
    );
    expect(text).toContain(
      '  60.0 s  check\n 200.0 s  vitest (failed)\n   0.0 s  playwright (not run)\n 260.0 s  in all',
    );
    expect(text.indexOf('en pages › retried')).toBeLessThan(text.indexOf('a slow'));
  });
});
