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

  test('name both languages of the first search at 5,000, measured or not', () => {
    const row = (searchAt5000: Figures['searchAt5000']) =>
      figuresTables({ ...figures, searchAt5000 })
        .split('\n')
        .find((l) => l.includes('first search at 5,000'));
    expect(row({ en: { gzipBytes: 150_505, files: 16, results: 558 }, failures: 'fr' })).toContain(
      '147.0 KB en, fr not measured (over the budget)',
    );
    expect(
      row({ en: { gzipBytes: 90_000, results: 558 }, fr: { gzipBytes: 80_000, results: 0 }, failures: 'fr' }),
    ).toContain('87.9 KB en, 78.1 KB fr (no results) (the spec failed)');
  });

  test('change when a measured figure changes', () => {
    const slower = { ...figures, builds: figures.builds.map((b) => ({ ...b, seconds: b.seconds + 1 })) };
    expect(withFigures(readme, slower)).not.toBe(readme);
  });
});
