// Documents and code comments name repository paths that exist: a file move that leaves a README
// section or a comment pointing at the old place fails here, naming the file, the line and the path.
// A path counts when it starts with src/, scripts/, tests/ or docs/ and names something below it
// (src/site/form/, src/site/form, src/i18n/index.ts); globs, placeholders and patterns
// (src/**/*.test.ts, src/features/<name>/, ^src/features/[^/]+/) are not paths.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const CODE = /\.(ts|tsx|mts|mjs|cjs|js|astro|css)$/;

// Files only (a test running beside this one may be creating or removing its own).
const isFile = (file: string) => statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile() ?? false;

function walk(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .filter((f) => !f.includes('node_modules/') && keep(f) && isFile(f));
}

/** The comments of a source file, with everything else blanked so that line numbers hold. */
function commentsOf(source: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  let out = '';
  // One pass over strings (skipped), block, line and HTML comments (kept).
  const token =
    /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|(\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->)|(\/\/[^\n]*)/g;
  let last = 0;
  for (const m of source.matchAll(token)) {
    out += blank(source.slice(last, m.index));
    out += m[1] ? blank(m[0]) : m[0];
    last = m.index + m[0].length;
  }
  return out + blank(source.slice(last));
}

const PATH = /(?<![\w./@-])((?:src|scripts|tests|docs)\/[\w.\-/[\]@$]*)/g;

/** The repository paths a text names, with their line numbers. */
function pathsIn(text: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(PATH)) {
      const next = line[m.index + m[0].length] ?? '';
      if ('*<{…'.includes(next) && next !== '') continue; // a glob or a placeholder
      const p = m[0].replace(/[.:]+$/, '');
      if (p.includes('...') || p.includes('$') || p.split('[').length !== p.split(']').length) continue;
      if (p.endsWith('/') || /^[^/]+\/[^/]/.test(p)) found.push({ line: i + 1, path: p });
    }
  });
  return found;
}

/** Paths written relative to the file (`../shared/DESIGN.md`), from the repository's root. */
function relativePathsIn(file: string, text: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/(?<![\w./-])(?:\.\.\/)+[\w.-]+(?:\/[\w.-]+)*\.[a-z]{1,5}\b/gi))
      found.push({ line: i + 1, path: path.posix.normalize(path.posix.join(path.posix.dirname(file), m[0])) });
  });
  return found;
}

function missingIn(files: string[], text: (file: string) => string, links = false): string[] {
  const missing: string[] = [];
  for (const file of files)
    for (const { line, path: p } of [
      ...pathsIn(text(file)),
      ...relativePathsIn(file, text(file)),
      ...(links ? linksIn(file, text(file)) : []),
    ]) {
      if (p.startsWith('../')) {
        missing.push(`${file}:${line}: ${p} (outside the repository)`);
        continue;
      }
      const full = path.join(root, p);
      const ok = p.endsWith('/') ? existsSync(full) && statSync(full).isDirectory() : existsSync(full);
      if (!ok) missing.push(`${file}:${line}: ${p}`);
    }
  return missing;
}

const read = (file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return ''; // removed since it was listed
  }
};

/** The targets of a document's relative links (`[text](target)`), from the repository's root. */
function linksIn(doc: string, text: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      found.push({ line: i + 1, path: path.posix.normalize(path.posix.join(path.posix.dirname(doc), target)) });
    }
  });
  return found;
}

describe('repository paths named in documents and comments', () => {
  test('the path finder reads paths, skips globs and placeholders, and reads only comments in code', () => {
    expect(pathsIn('see `src/i18n/index.ts`, src/site/ and src/**/*.test.ts or src/features/<name>/ui/.')).toEqual([
      { line: 1, path: 'src/i18n/index.ts' },
      { line: 1, path: 'src/site/' },
    ]);
    expect(pathsIn("(src/site/form compares) '^src/features/[^/]+/ui/'")).toEqual([{ line: 1, path: 'src/site/form' }]);
    expect(relativePathsIn('src/a/b.ts', 'see ../../../shared/DESIGN.md and ../c.ts')).toEqual([
      { line: 1, path: '../shared/DESIGN.md' },
      { line: 1, path: 'src/c.ts' },
    ]);
    expect(linksIn('docs/a.md', 'see [b](b.md#x), [r](../README.md), [w](https://example.org/c.md)')).toEqual([
      { line: 1, path: 'docs/b.md' },
      { line: 1, path: 'README.md' },
    ]);
    expect(pathsIn('https://example.org/src/x.ts ../src/y.ts src/pages/[lang]/[bundle]/[slug].astro')).toEqual([
      { line: 1, path: 'src/pages/[lang]/[bundle]/[slug].astro' },
    ]);
    const code = "const a = 'src/not-a-comment.ts';\n// src/in-a-comment.ts\n/* docs/b.md */";
    expect(pathsIn(commentsOf(code)).map((p) => `${p.line} ${p.path}`)).toEqual([
      '2 src/in-a-comment.ts',
      '3 docs/b.md',
    ]);
  });

  test('every path a document names exists', () => {
    const docs = [
      'README.md',
      'scripts/local-cms/README.md',
      ...(existsSync(path.join(root, 'docs')) ? walk('docs', (f) => f.endsWith('.md')) : []),
    ];
    expect(missingIn(docs, read, true)).toEqual([]);
  });

  test('every path a comment in src/, scripts/, tests/ or a configuration file names exists', () => {
    const code = [
      ...readdirSync(root).filter((f) => CODE.test(f) && isFile(f)), // the tools' configurations
      ...['src', 'scripts', 'tests'].flatMap((dir) => walk(dir, (f) => CODE.test(f))),
    ];
    expect(code.length).toBeGreaterThan(100);
    expect(missingIn(code, (f) => commentsOf(read(f)))).toEqual([]);
  });
});
