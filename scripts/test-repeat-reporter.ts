// Playwright reporter for `npm run test:repeat`: one JSON line per test result (which repeat, its
// status, the first line of its error) in the file named by TEST_REPEAT_RESULTS, for the summary.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class RepeatReporter implements Reporter {
  private readonly file = process.env.TEST_REPEAT_RESULTS;

  onTestEnd(test: TestCase, result: TestResult) {
    if (!this.file) return;
    const line = {
      test: `${path.relative(process.cwd(), test.location.file)} › ${test.titlePath().slice(3).join(' › ')}`,
      run: test.repeatEachIndex,
      passed: result.status === test.expectedStatus,
      skipped: result.status === 'skipped',
      error:
        result.status === test.expectedStatus
          ? undefined
          : stripVTControlCharacters(result.error?.message ?? result.status).split('\n')[0],
    };
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }

  onEnd(result: FullResult) {
    if (this.file) appendFileSync(this.file, `${JSON.stringify({ end: result.status })}\n`);
  }
}
