import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { NODE_TEST_FILES, sharedTestFiles, unitTestFiles } from './vitest.unit-files.ts';

// The files that publish, build or run a renderer: minutes of a run, mostly spent waiting on their
// child processes. Started first (on a fresh clone Vitest knows no durations and starts the largest
// files first), so that the run is not one of them started last; the rest fill the other worker.
// Then the files outside that folder that took 10 s or more in a whole run (docs/testing.md), longest
// first: most of their time is waiting (a full disk, skewed clocks, lockouts, PostgreSQL restarted),
// which the small files' work fills; ranked with those, two of them started in the run's last 45 s
// and left a core idle to its end.
const SLOW_FIRST = [
  /src\/release\/tests\/resident-build\.test\.ts$/,
  /src\/release\/tests\/resident-code-change\.test\.ts$/,
  /src\/release\/tests\//,
  /tests\/security\/(publish|resident)-disk-full\.test\.ts$/,
  /tests\/security\/lockouts\.test\.ts$/,
  /src\/service\/tests\/two-nodes-clocks\.test\.ts$/,
  /tests\/security\/(redos|postgres-faults|publisher-apart)\.test\.ts$/,
  /src\/service\/tests\/(publisher-process-tree|two-nodes)\.test\.ts$/,
  /tests\/(security|site)\//,
  /\/tests\//,
];
const rank = (file: string) => {
  const i = SLOW_FIRST.findIndex((pattern) => pattern.test(file));
  return i < 0 ? SLOW_FIRST.length : i;
};
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = await super.sort(files);
    return known
      .map((spec, order) => ({ spec, order, rank: rank(spec.moduleId) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

const unitFiles = unitTestFiles(import.meta.dirname);
const sharedFiles = sharedTestFiles(import.meta.dirname);

// Unit and integration tests (plain Node; the servers they start are real, on loopback ports).
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // Tests live beside their code (src/**); tests/ keeps the suites about the whole site.
          include: NODE_TEST_FILES,
          exclude: [...configDefaults.exclude, '**/*.dom.test.{ts,tsx}', ...unitFiles, ...sharedFiles],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          // Integration files that leave nothing behind (vitest.unit-files.ts): in processes, as
          // they start servers and child processes, without importing their modules again per
          // file (24 such files: 20 CPU s with isolation, 11 without).
          include: sharedFiles,
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          // Tests that leave nothing behind (vitest.unit-files.ts): the files of one worker
          // share its imported modules instead of importing them again per file, in threads,
          // cheaper to start than processes.
          include: unitFiles,
          environment: 'node',
          isolate: false,
          pool: 'threads',
        },
      },
      // Islands and page scripts in a DOM (vitest.components.config.ts).
      'vitest.components.config.ts',
    ],
    // The folder of the site built once per run for the tests that only read it (tests/site/built-site.ts).
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One file more than the cores (Vitest's default, one less than the cores, is one on two): an
    // integration file spends much of its time waiting on its build processes, a renderer or a
    // sleep of its scenario, and the third file's work fills the core it leaves idle. Measured
    // one run after the other on two cores: 371 s with two, 327 s with three (docs/testing.md).
    maxWorkers: os.availableParallelism() + 1,
    sequence: { sequencer: SlowFirst },
    reporters: process.env.CI ? ['dot'] : ['default'],
  },
});
