// The progress line is read by people (terminal) and by the publisher (its child build's output):
// what one prints, the other parses back; counts are printed at most every interval, the last always.
import { describe, expect, it } from 'vitest';
import { parseProgressLine, progressLine, progressReporter } from './progress.ts';

describe('build progress lines', () => {
  it('says the phase and pages done of total, and parses back to the same', () => {
    const line = progressLine({ phase: 'render', done: 1200, total: 4784 });
    expect(line).toBe('progress render 1200/4784: rendering pages (25%)');
    expect(parseProgressLine(line)).toEqual({ phase: 'render', done: 1200, total: 4784 });
    expect(parseProgressLine(progressLine({ phase: 'identify' }))).toEqual({ phase: 'identify' });
  });

  it('ignores the build’s other output', () => {
    expect(parseProgressLine('  precompress: 812 ms')).toBeNull();
    expect(parseProgressLine('[WARN] progress render 1/2: a page said so')).toBeNull();
  });

  it('prints each phase, counts at most once per interval, and the last count', () => {
    const lines: string[] = [];
    const progress = progressReporter((l) => lines.push(l), 60_000);
    progress.phase('render', 3);
    progress.count('render', 1, 3);
    progress.count('render', 2, 3);
    progress.count('render', 3, 3);
    expect(lines.map((l) => parseProgressLine(l))).toEqual([
      { phase: 'render', done: 0, total: 3 },
      { phase: 'render', done: 3, total: 3 },
    ]);
  });
});
