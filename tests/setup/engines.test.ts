// npm checks each package's `engines.node` against the Node npm itself runs on (Node 20 on a
// newcomer's machine), and .npmrc hides the warnings that gives (loglevel=error): the code runs on
// the Node the project pins, never on npm's. This is the check against the right Node: every
// package of the lockfile that npm installs whatever the platform accepts the pinned Node version.
// (npm leaves out an optional package whose engines refuse the Node it runs on, without a warning.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

type Version = [number, number, number];
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of a range (`>=20.19.0`, `^22`, `18`, `6.*`), as the versions it admits. */
function comparator(text: string): (v: Version) => boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?v?(\d+|[x*])(?:\.(\d+|[x*]))?(?:\.(\d+|[x*]))?$/i.exec(text);
  if (!m) throw new Error(`engines range not understood: ${text}`);
  const op = m[1] ?? '';
  const parts = [m[2], m[3], m[4]].map((p) => (p === undefined || /[x*]/i.test(p) ? undefined : Number(p)));
  const given = parts.findIndex((p) => p === undefined);
  const known = given === -1 ? 3 : given; // how many leading numbers were given
  const low = parts.map((p) => p ?? 0) as Version;
  // The first version past a partial one: 20 -> 21.0.0, 20.3 -> 20.4.0.
  const next = (n: number): Version =>
    n === 0 ? [Infinity, 0, 0] : ([...low.slice(0, n - 1), (low[n - 1] ?? 0) + 1, 0, 0].slice(0, 3) as Version);
  const ge = (v: Version) => compare(v, low) >= 0;
  switch (op) {
    case '>=':
      return ge;
    case '>':
      return known === 3 ? (v) => compare(v, low) > 0 : (v) => compare(v, next(known)) >= 0;
    case '<':
      return (v) => compare(v, low) < 0;
    case '<=':
      return known === 3 ? (v) => compare(v, low) <= 0 : (v) => compare(v, next(known)) < 0;
    case '~':
      return (v) => ge(v) && compare(v, next(known === 1 ? 1 : 2)) < 0;
    case '^': {
      const lead = low[0] !== 0 || known === 1 ? 1 : low[1] !== 0 || known === 2 ? 2 : 3;
      return (v) => ge(v) && compare(v, next(lead)) < 0;
    }
    default:
      return (v) => ge(v) && compare(v, next(known)) < 0;
  }
}

/** Whether `version` is in the npm range `range` (the subset engines fields use). */
function satisfies(version: string, range: string): boolean {
  const v = version.split('.').map(Number) as Version;
  return range.split('||').some((alternative) => {
    const words = alternative.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1');
    if (words === '' || words === '*') return true;
    return words.split(/\s+/).every((c) => comparator(c)(v));
  });
}

const pinned = (json('package.json').devDependencies as { node: string }).node;
const lock = json('package-lock.json') as {
  packages: Record<string, { optional?: boolean; engines?: { node?: string } | string[] }>;
};

describe('engines against the pinned Node', () => {
  test('the range reader agrees with npm on the forms the lockfile uses', () => {
    expect(satisfies('24.9.0', '>=22.12.0')).toBe(true);
    expect(satisfies('20.20.2', '>=22.12.0')).toBe(false);
    expect(satisfies('24.9.0', '^22||^24||>=26')).toBe(true);
    expect(satisfies('25.0.0', '^22||^24||>=26')).toBe(false);
    expect(satisfies('24.9.0', '^20.9.0')).toBe(false);
    expect(satisfies('24.9.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('21.0.0', '18 || 20 || >=22')).toBe(false);
    expect(satisfies('24.9.0', '6.* || 8.* || >= 10.*')).toBe(true);
    expect(satisfies('24.9.0', '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies('14.16.0', '>=16 || 14 >=14.17')).toBe(false);
    expect(satisfies('24.9.0', '>= 0.4')).toBe(true);
    expect(satisfies('24.9.0', '*')).toBe(true);
    expect(satisfies('24.9.0', '~24.8.0')).toBe(false);
    expect(satisfies('24.9.3', '~24.9.0')).toBe(true);
  });

  test(`every package npm always installs accepts Node ${pinned}`, () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !satisfies(pinned, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name || 'the project'}: node ${(p.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
