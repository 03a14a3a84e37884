// What the webhooks may make the delta fetch: a hostile id (a path, an encoding, a query) never
// reaches a query; a type the site does not build is not fetched; a node named under another
// type is looked for where the site holds it; a delete of a node the site does not hold is a
// note, not a removal. The queries keep to the source's own resource and filters.
import { describe, expect, it } from 'vitest';
import { SOURCES, type HeldContent } from './content-store.ts';
import { deltaQuery, planEvents } from './delta-plan.ts';

const held: HeldContent = {
  collections: new Map([
    [
      'programs',
      new Map([['en/prog-1', { data: {}, digest: '', warnings: [], reads: { refs: [], mentions: [], links: [] } }]]),
    ],
    [
      'pages',
      new Map([['fr/page-1', { data: {}, digest: '', warnings: [], reads: { refs: [], mentions: [], links: [] } }]]),
    ],
  ]),
  invalid: new Map(),
  links: { byEntity: new Map(), byAlias: new Map(), byUuid: new Map() },
};

const plan = (events: Parameters<typeof planEvents>[0]) => planEvents(events, held, SOURCES);
const asked = (p: ReturnType<typeof plan>) => Object.fromEntries([...p.byName].map(([n, ids]) => [n, [...ids]]));

describe('the webhooks a delta follows', () => {
  it('fetches the named node in its type', () => {
    expect(asked(plan([{ event: 'update', bundle: 'program', id: 'prog-1' }]))).toEqual({ programs: ['prog-1'] });
    expect(asked(plan([{ event: 'create', bundle: 'simple_page', id: 'new-1' }]))).toEqual({ simplePages: ['new-1'] });
  });

  it('never puts a hostile id in a query: paths, encodings, query syntax, control characters, length', () => {
    const hostile = [
      '../../user/1',
      '..%2F..%2Fuser',
      'x?filter[status]=0',
      'x&include=uid',
      'a b',
      'é',
      'node\u0000',
      '',
      'a'.repeat(65),
      'http://elsewhere.example/jsonapi',
    ];
    const p = plan(hostile.map((id) => ({ event: 'update', bundle: 'program', id })));
    expect(asked(p)).toEqual({});
    expect(p.notes).toHaveLength(hostile.length);
    for (const note of p.notes) expect(note).toMatch(/not a node id: not fetched$/);
    expect(p.notes.join('\n')).not.toContain('\u0000');
  });

  it('looks for a node named under another type where the site holds it, and in the type named', () => {
    expect(asked(plan([{ event: 'update', bundle: 'program', id: 'page-1' }]))).toEqual({
      programs: ['page-1'],
      pages: ['page-1'],
    });
  });

  it('does not fetch a type the site does not build, or a bundle of another shape', () => {
    for (const bundle of ['article', 'redirect', '../program', 'Program']) {
      const p = plan([{ event: 'update', bundle, id: 'unknown-1' }]);
      expect(asked(p)).toEqual({});
      expect(p.notes[0]).toMatch(/no content the site builds: not fetched$/);
    }
  });

  it('a delete of a node the site does not hold removes nothing and says so', () => {
    const p = plan([{ event: 'delete', bundle: 'program', id: 'never-held' }]);
    expect(p.notes).toEqual(['a delete of "program" never-held, which the site does not hold: nothing removed']);
  });

  it('a save without an id is left to the changed filter', () => {
    expect(plan([{ event: 'update' }])).toEqual({ byName: new Map(), notes: [] });
  });
});

describe('the delta queries', () => {
  const source = SOURCES.programs!;
  it('narrow the source’s own query to the ids named or the nodes changed after a Unix timestamp', () => {
    const both = deltaQuery(source, ['prog-1', 'prog-2'], 1_764_000_000.7);
    expect(both.startsWith(source.query())).toBe(true);
    expect(both).toContain('filter[delta][group][conjunction]=OR');
    expect(both).toContain('filter[delta-id][condition][value][]=prog-2');
    expect(both).toContain('filter[delta-changed][condition][operator]=%3E');
    expect(both).toContain('filter[delta-changed][condition][value]=1764000000');
    const onlyChanged = deltaQuery(source, [], 1_764_000_000);
    expect(onlyChanged).not.toContain('delta-id');
    expect(onlyChanged).not.toContain('memberOf');
    const onlyIds = deltaQuery(source, ['prog-1'], null);
    expect(onlyIds).not.toContain('changed');
  });
});
