// The finder table of docs/features.md is generated from the snapshot (scripts/finder-table.ts),
// never by hand: this fails when the snapshot's tags or the answers' labels changed without
// regenerating it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDER_DOC, finderTable, withTable } from '../../../../scripts/finder-table.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../..', FINDER_DOC), 'utf8');

describe('finder table of docs/features.md', () => {
  it('is the one scripts/finder-table.ts generates from the snapshot (run it with --write)', () => {
    expect(withTable(readme, finderTable())).toBe(readme);
  });

  it('names every answer and the programs each suggests', () => {
    const table = finderTable();
    expect(table.split('\n').filter((l) => l.includes('(`')).length).toBe(22);
    expect(table).toMatch(
      /I rent my home \(`rent`\) \| Canada Housing Benefit \(CHB\); Public Housing and Rent Supplement Programs \|/,
    );
    expect(table).toContain('Never suggested (no relevant tag): Adoption Services; Foster Care.');
  });
});
