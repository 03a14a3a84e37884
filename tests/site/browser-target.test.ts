// Every script the site ships, parsed at the browser target's ECMAScript edition
// (docs/browser-support.md): the bundles of _astro/, the service worker and each page's inline
// module scripts. And no browser API beyond the target in the code that runs in the browser,
// unless through its fallback.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from './built-site.ts';
import { browserEcmaVersion } from '../../src/release/build/browser-target.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dist = '';

beforeAll(async () => {
  dist = await builtSite();
}, 300_000);

/** Why a script does not parse at the target, or null. */
function syntaxBeyondTarget(code: string, sourceType: 'module' | 'script'): string | null {
  try {
    parse(code, { ecmaVersion: browserEcmaVersion, sourceType });
    return null;
  } catch (e) {
    const { message, pos } = e as { message: string; pos: number };
    return `${message}: …${code.slice(Math.max(0, pos - 40), pos + 40)}…`;
  }
}

const files = (dir: string, ext: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext))
    .map((f) => path.join(dir, f));

describe(`shipped scripts parse as ES${browserEcmaVersion}`, () => {
  it('the bundles of _astro/ and the service worker', () => {
    const bundles = files(path.join(dist, '_astro'), '.js');
    expect(bundles.length).toBeGreaterThan(5);
    const problems = [
      ...bundles.map((f) => [f, syntaxBeyondTarget(readFileSync(f, 'utf8'), 'module')] as const),
      [path.join(dist, 'sw.js'), syntaxBeyondTarget(readFileSync(path.join(dist, 'sw.js'), 'utf8'), 'script')] as const,
    ].filter(([, problem]) => problem);
    expect(problems.map(([f, problem]) => `${path.relative(dist, f)}: ${problem}`)).toEqual([]);
  });

  it("each page's inline scripts", () => {
    const seen = new Map<string, string>();
    for (const page of files(dist, '.html')) {
      for (const [, attributes, code] of readFileSync(page, 'utf8').matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (!code!.trim() || /type="(?!module)/.test(attributes!)) continue;
        if (!seen.has(code!)) seen.set(code!, path.relative(dist, page));
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    const problems = [...seen]
      .map(([code, page]) => [page, syntaxBeyondTarget(code, 'module')] as const)
      .filter(([, problem]) => problem);
    expect(problems.map(([page, problem]) => `${page}: ${problem}`)).toEqual([]);
  });

  it('finds syntax beyond the target (class fields and static blocks, top-level await)', () => {
    expect(syntaxBeyondTarget('class A { x = 1 }', 'module')).toMatch(/Unexpected token/);
    expect(syntaxBeyondTarget('class A { static {} }', 'module')).toMatch(/Unexpected token/);
    expect(syntaxBeyondTarget('await import("./a.js");', 'module')).toMatch(/await/i);
    expect(syntaxBeyondTarget('a ??= b?.c ?? 1_000;', 'module')).toBeNull();
  });
});

// APIs that came after the target's browsers (Safari 14, Chrome 91, Firefox 91), as called in code.
const lateApis: Array<[RegExp, string]> = [
  [/\brandomUUID\s*\(/, 'crypto.randomUUID (Safari 15.4): use randomUuid() from src/site/rules/random-uuid.ts'],
  [/\bstructuredClone\s*\(/, 'structuredClone (Safari 15.4)'],
  [/\bObject\.hasOwn\s*\(/, 'Object.hasOwn (Safari 15.4): use Object.prototype.hasOwnProperty.call'],
  [/\.at\(\s*-?\d/, 'Array.prototype.at (Safari 15.4)'],
  [/\.(findLast|findLastIndex|toSorted|toReversed|toSpliced)\s*\(/, 'ES2023 array methods (Safari 16)'],
  [/\bAbortSignal\.(timeout|any)\s*\(/, 'AbortSignal.timeout (Safari 16)'],
  [/\.groupBy\s*\(/, 'Object.groupBy (Safari 17.4)'],
];
/** The code that runs in the browser: page scripts, islands and the rules and i18n they import. */
const browserCode = ['src/features', 'src/site', 'src/i18n']
  .flatMap((dir) => files(path.join(root, dir), '.ts').concat(files(path.join(root, dir), '.tsx')))
  .filter((f) => !/\.test\.tsx?$|[/\\](tests|server|preview)[/\\]/.test(f))
  .filter((f) => !f.endsWith(path.join('rules', 'random-uuid.ts')));

describe('no browser API beyond the target without its fallback', () => {
  it('in the code that runs in the browser', () => {
    expect(browserCode.length).toBeGreaterThan(50);
    const found = browserCode.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          lateApis.filter(([re]) => re.test(line)).map(([, why]) => `${path.relative(root, f)}:${i + 1}: ${why}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
