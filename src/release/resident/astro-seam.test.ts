// Astro's internals behind one seam: no code of the project but src/release/resident/astro-internals.ts
// names a file of Astro's dist/ folder (an import, a path built at run time, a string), so an Astro
// upgrade that moves or changes one is found, and checked, in that module only. Comments and
// documents may name them. dependency-cruiser holds the static imports too (.dependency-cruiser.cjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const SEAM = 'src/release/resident/astro-internals.ts';
/** The seam, its tests, and the dependency-cruiser rule that names the folder to forbid it. */
const ALLOWED = new Set([
  SEAM,
  'src/release/resident/astro-internals.test.ts',
  'src/release/resident/astro-seam.test.ts',
  '.dependency-cruiser.cjs',
]);
const CODE = /\.(ts|tsx|mts|mjs|cjs|js|astro)$/;
/** `astro/dist/`, and `'astro', 'dist'` as path.join's arguments. */
const DIST = /astro\/dist\/|['"`]astro['"`]\s*,\s*['"`]dist['"`]/;

/** The code without its comments (a file's comment may say where Astro keeps a thing). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g, '');

/** The project's own code files: tracked and new, never node_modules or a build. */
function codeFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => CODE.test(f));
}

describe("Astro's internals behind one seam", () => {
  it("no file but the seam names a file of Astro's dist/ folder", () => {
    const offenders = codeFiles().filter((f) => {
      if (ALLOWED.has(f)) return false;
      return DIST.test(withoutComments(readFileSync(path.join(root, f), 'utf8')));
    });
    expect(offenders).toEqual([]);
  });

  it('the check finds a path built at run time as well as an import', () => {
    expect(DIST.test(withoutComments("import x from 'astro/dist/core/render/route-cache.js';"))).toBe(true);
    expect(DIST.test(withoutComments("path.join(root, 'node_modules', 'astro', 'dist', 'x.js')"))).toBe(true);
    expect(DIST.test(withoutComments('// Astro keeps it in astro/dist/assets/utils/hash.js\nconst a = 1;'))).toBe(
      false,
    );
  });
});
