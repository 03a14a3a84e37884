// The unit project's files (vitest.config.ts): the tests beside their code in src/ and the
// strings' checks (src/i18n/tests/). They run without per-file isolation, so they must leave
// nothing behind for the next file of their worker: no module mocked, no global or clock faked,
// no process.env written, no server left open (tests/setup/unit-project.test.ts reads them for
// the first three). A test that needs a process of its own goes in a tests/ folder or below.
import { globSync } from 'node:fs';

// Beside their code, yet needing a process of their own: they start a CMS and set process.env,
// load a built renderer (which sets Astro's globals), or set process.env.
export const OWN_PROCESS_BESIDE_CODE = [
  'src/release/official-languages/official-languages.test.ts',
  'src/release/resident/astro-internals.test.ts',
  'src/release/resident/code-key.test.ts',
];

const inTestsFolder = (file: string) => file.includes('/tests/') && !file.startsWith('src/i18n/');

export function unitTestFiles(root: string): string[] {
  return globSync('src/**/*.test.ts', { cwd: root })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => !file.endsWith('.dom.test.ts') && !inTestsFolder(file))
    .filter((file) => !OWN_PROCESS_BESIDE_CODE.includes(file))
    .sort();
}
