// The unit and shared projects run their files without per-file isolation (vitest.unit-files.ts):
// one file's mocked module, faked global or clock, written process.env or publishing stack would be
// the next file's. Their files do none of these; the ones that do stay in a process of their own.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  leftBehind as leftBehindIn,
  OWN_PROCESS_BESIDE_CODE,
  sharedTestFiles,
  unitTestFiles,
} from '../../vitest.unit-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const leftBehind = (file: string) => leftBehindIn(root, file);

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

  it('the shared project: integration files that leave nothing behind; a publishing stack or a written process.env stays apart', () => {
    const shared = sharedTestFiles(root);
    const unit = new Set(unitTestFiles(root));
    expect(shared).toEqual(
      expect.arrayContaining(['tests/security/webhook.test.ts', 'src/service/tests/intake.test.ts']),
    );
    expect(shared.filter((file) => leftBehind(file).length > 0)).toEqual([]);
    expect(shared.filter((file) => unit.has(file))).toEqual([]);
    for (const apart of ['src/release/tests/resident-build.test.ts', 'src/content/tests/loader-invalid-node.test.ts'])
      expect(shared).not.toContain(apart);
    expect(leftBehind('src/release/tests/resident-build.test.ts')).toContain('a publishing stack (it sets CMS_URL)');
  });
});
