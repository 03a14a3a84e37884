// The deserializer against hostile documents, beside the module (the real pipeline's attacks are
// tests/security/hostile-relationships.test.ts and hostile-drafts.test.ts).
import { describe, expect, it } from 'vitest';
import { deserialize } from './deserialize.ts';

const program = (id: string, related: string[], extra: Record<string, unknown> = {}) => ({
  type: 'node--program',
  id,
  attributes: { title: id.toUpperCase() },
  relationships: { field_related_programs: { data: related.map((r) => ({ type: 'node--program', id: r })) }, ...extra },
});

describe('deserialize against hostile documents', () => {
  it('a node related to itself 150 times: kept once, one object per resource and level, a note naming the field', () => {
    const { nodes, refused, notes } = deserialize([program('a', Array(150).fill('a'))], []);
    expect(refused).toEqual([]);
    const related = nodes[0]!.field_related_programs as Array<Record<string, unknown>>;
    expect(related).toHaveLength(1);
    expect(related[0]!.title).toBe('A');
    expect(notes).toEqual([
      {
        id: 'a',
        field: 'field_related_programs',
        kind: 'repeated',
        message: 'names node--program:a 150 times; kept once',
      },
    ]);
    // Written out, the tree is bounded by the depth (3 levels of one reference each).
    expect(JSON.stringify(nodes[0]).length).toBeLessThan(1000);
  });

  it('variant: 30 nodes each related to all 30 are refused on their budget, naming the field; a small node goes on', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `p${i}`);
    const started = Date.now();
    const { nodes, refused } = deserialize([...ids.map((id) => program(id, ids)), program('lone', [])], []);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(nodes.map((n) => n.id)).toEqual(['lone']);
    expect(refused).toHaveLength(30);
    expect(refused[0]).toMatchObject({ type: 'node--program', id: 'p0', field: 'field_related_programs' });
    expect(refused[0]!.message).toMatch(
      /^holds \d+ related items once its references are resolved \(a node may hold 50000\)/,
    );
  });

  it('shares one object per resource and level, and gives a reference with meta its own object', () => {
    const file = { type: 'file--file', id: 'f', attributes: { uri: { url: '/x.jpg' } } };
    const node = program('a', ['b', 'd'], {
      field_program_image: { data: { type: 'file--file', id: 'f', meta: { alt: 'Alt' } } },
    });
    const { nodes } = deserialize([node, program('b', ['c']), program('d', ['c']), program('c', [])], [file]);
    const [a] = nodes;
    const [b, d] = a!.field_related_programs as Array<Record<string, unknown>>;
    expect((b!.field_related_programs as unknown[])[0]).toBe((d!.field_related_programs as unknown[])[0]);
    expect(a!.field_program_image).toEqual({
      id: 'f',
      type: 'file--file',
      uri: { url: '/x.jpg' },
      meta: { alt: 'Alt' },
    });
  });

  it('a null among references, a non-reference, a malformed relationship: left out with notes; the node goes on', () => {
    const node = {
      type: 'node--program',
      id: 'a',
      attributes: { title: 'A' },
      relationships: {
        field_program_categories: { data: [null, 7, { type: 'taxonomy_term--categories', id: 't' }] },
        field_pagescope: 'not a relationship',
      },
    };
    const { nodes, notes } = deserialize([node], []);
    expect(nodes[0]!.field_program_categories).toEqual([{ id: 't', type: 'taxonomy_term--categories' }]);
    expect('field_pagescope' in nodes[0]!).toBe(false);
    expect(notes.map((n) => `${n.field}: ${n.message}`)).toEqual([
      'field_program_categories: holds a value that is not a reference (null); left out',
      'field_program_categories: holds a value that is not a reference (Invalid input: expected object, received number); left out',
      'field_pagescope: is not a relationship (Invalid input: expected object, received string); left out',
    ]);
  });

  it('__proto__, constructor and prototype as field names: left out with notes; the prototype is untouched', () => {
    const text = `{"type":"node--program","id":"a","attributes":{"title":"A","constructor":"x","prototype":{"p":1},"__proto__":{"polluted":true}},"relationships":{"__proto__":{"data":{"type":"node--program","id":"a"}}}}`;
    const { nodes, notes } = deserialize([JSON.parse(text)], []);
    const [a] = nodes;
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    expect(a!.constructor).toBe(Object);
    expect(Object.keys(a!)).toEqual(['id', 'type', 'title']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(notes.map((n) => n.field).sort()).toEqual(['__proto__', 'constructor', 'prototype']);
  });

  it('a primary resource that is not one (null, no id) is refused by itself; the others go on', () => {
    const { nodes, refused } = deserialize([null, { type: 'node--program' }, program('a', [])], [null, 5]);
    expect(nodes.map((n) => n.id)).toEqual(['a']);
    expect(refused.map((r) => `${r.type} ${r.id} ${r.field}`)).toEqual([
      '(unknown) (unknown) (node)',
      'node--program (unknown) (node)',
    ]);
  });
});
