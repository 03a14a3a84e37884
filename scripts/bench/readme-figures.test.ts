// The benchmark tables of docs/performance.md are the ones bench/figures.json gives: figures are
// measured by `npm run bench`, never typed, and cannot drift from the run (and commit) they came from.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { FIGURES_DOC, figuresTables, withFigures, type Figures } from './readme.ts';

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, FIGURES_DOC), 'utf8');
const figures = JSON.parse(readFileSync(path.join(root, 'bench/figures.json'), 'utf8')) as Figures;

describe('benchmark figures of docs/performance.md', () => {
  test('are the tables generated from bench/figures.json (run npm run bench:docs)', () => {
    expect(readme).toBe(withFigures(readme, figures));
  });

  test('say when, at which commit and under which load they were measured', () => {
    const tables = figuresTables(figures);
    expect(tables).toContain(figures.date.slice(0, 10));
    expect(tables).toContain(figures.commit);
    expect(tables).toContain(`load average ${figures.loadAverage.start}`);
  });

  test('change when a measured figure changes', () => {
    const slower = { ...figures, builds: figures.builds.map((b) => ({ ...b, seconds: b.seconds + 1 })) };
    expect(withFigures(readme, slower)).not.toBe(readme);
  });
});
