// The files Vitest runs without per-file isolation (vitest.config.ts), where a file's imported
// modules serve the next files of its worker instead of being imported again per file:
// - `unit`: the tests beside their code in src/ and the strings' checks (src/i18n/tests/), in threads;
// - `shared`: the integration tests (a server, a database, a CMS over loopback) that leave nothing
//   behind, in processes.
// Such a file must leave nothing behind for the next file of its worker: no module mocked, no
// global or clock faked, no process.env written, no working directory changed, no publishing stack
// (src/release/tests/support.ts points CMS_URL at its CMS). LEFT_BEHIND finds them in a file's
// source; tests/setup/unit-project.test.ts holds the lists to it. A test that needs a process of its
// own goes in a tests/ folder or below, where the check sends it to the `node` project.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Beside their code, yet needing a process of their own: they start a CMS and set process.env,
// load a built renderer (which sets Astro's globals), or set process.env.
export const OWN_PROCESS_BESIDE_CODE = [
  'src/release/official-languages/official-languages.test.ts',
  'src/release/resident/astro-internals.test.ts',
  'src/release/resident/code-key.test.ts',
];

const LEFT_BEHIND: Array<[string, RegExp]> = [
  ['a mocked module', /\bvi\.(mock|doMock|hoisted)\(/],
  ['a faked global or environment', /\bvi\.(stubGlobal|stubEnv)\(/],
  ['a faked clock', /\bvi\.(useFakeTimers|setSystemTime)\(/],
  ['a module registry reset', /\bvi\.resetModules\(/],
  [
    'a written process.env',
    /process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|delete process\.env|Object\.assign\(process\.env/,
  ],
  ['a changed working directory', /process\.chdir\(/],
  ['a publishing stack (it sets CMS_URL)', /\bstartPublishing\(/],
];

/** What `file` (relative to `root`) would leave behind for the next file of a shared worker. */
export function leftBehind(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return LEFT_BEHIND.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

const list = (root: string, patterns: string[]) =>
  patterns
    .flatMap((pattern) => globSync(pattern, { cwd: root }))
    .map((file) => file.split('\\').join('/'))
    .filter((file) => !/\.dom\.test\.tsx?$/.test(file))
    .sort();

const inTestsFolder = (file: string) => file.includes('/tests/') && !file.startsWith('src/i18n/');

/** The `node` projects' files: the tests beside their code, the suites about the whole site, the scripts'. */
export const NODE_TEST_FILES = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/{security,setup,site}/**/*.test.ts'];

export function unitTestFiles(root: string): string[] {
  return list(root, ['src/**/*.test.ts'])
    .filter((file) => !inTestsFolder(file))
    .filter((file) => !OWN_PROCESS_BESIDE_CODE.includes(file));
}

export function sharedTestFiles(root: string): string[] {
  const unit = new Set(unitTestFiles(root));
  return list(root, NODE_TEST_FILES)
    .filter((file) => !unit.has(file) && !OWN_PROCESS_BESIDE_CODE.includes(file))
    .filter((file) => leftBehind(root, file).length === 0);
}
