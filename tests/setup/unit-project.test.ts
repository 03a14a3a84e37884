// The unit project runs its files without per-file isolation (vitest.unit-files.ts): one file's
// mocked module, faked global or clock, or written process.env would be the next file's. Its files
// must do none of these; the ones that must stay in a process of their own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_PROCESS_BESIDE_CODE, unitTestFiles } from '../../vitest.unit-files.ts';

const root = path.resolve(import.meta.dirname, '../..');

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
];

const leftBehind = (file: string) => {
  const text = readFileSync(path.join(root, file), 'utf8');
  return LEFT_BEHIND.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
};

describe('the unit project (no per-file isolation)', () => {
  it('holds the tests beside their code and the strings’ checks, not a tests/ folder’s', () => {
    const files = unitTestFiles(root);
    expect(files).toContain('src/features/finder/rules/rules.test.ts');
    expect(files).toContain('src/i18n/tests/parity.test.ts');
    expect(files.filter((file) => file.includes('/tests/') && !file.startsWith('src/i18n/'))).toEqual([]);
    expect(files.filter((file) => OWN_PROCESS_BESIDE_CODE.includes(file))).toEqual([]);
  });

  it('leaves nothing behind for the next file of its worker', () => {
    const found = unitTestFiles(root)
      .map((file) => ({ file, leaves: leftBehind(file) }))
      .filter(({ leaves }) => leaves.length > 0);
    expect(found).toEqual([]);
  });

  it('variant: the files kept in a process of their own are the ones that write process.env', () => {
    const written = OWN_PROCESS_BESIDE_CODE.filter((file) => leftBehind(file).includes('a written process.env'));
    expect(written).toEqual([
      'src/release/official-languages/official-languages.test.ts',
      'src/release/resident/code-key.test.ts',
    ]);
  });
});
