// Issue 43 item 2 (the build side) and item 7 (a `null` in a relationship, a `__proto__`
// relationship, a `constructor` field): published content that used to stop every build. Saved
// through the local CMS's editor API, then one real publish (the full build in its own process):
// the release goes live, each hostile node costs only its own warning naming the node and the
// field, and the others are published.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../scripts/local-cms/server.ts';
import { createPublisher, type Publisher } from '../../src/release/publisher/publisher.ts';

const root = path.resolve(import.meta.dirname, '../..');
const auth = { user: 'editor', password: 'pw' };
const basic = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
const CHB = '68f00f3a-8b68-487c-8966-f96faa48cc77'; // the screening page's program: left alone
let cms: Awaited<ReturnType<typeof startLocalCms>>;
let publisher: Publisher;
let work = '';

type Program = { id: string; attributes: { title: string; path: { alias: string } } };
let programs: Program[] = [];

async function save(id: string, body: { attributes?: unknown; relationships?: unknown }) {
  const response = await fetch(`${cms.url}jsonapi/node/program/${id}`, {
    method: 'PATCH',
    headers: { authorization: basic, 'content-type': 'application/vnd.api+json' },
    // Written by hand: JSON.stringify of an object literal with a `__proto__` key would lose it.
    body: `{"data":{"type":"node--program","id":"${id}","attributes":${JSON.stringify(body.attributes ?? {})},"relationships":${typeof body.relationships === 'string' ? body.relationships : JSON.stringify(body.relationships ?? {})}}}`,
  });
  expect(response.status, await response.text()).toBe(200);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'hostile-relationships-'));
  cms = await startLocalCms({ port: 0, auth, log: () => undefined });
  programs = ((await (await fetch(`${cms.url}jsonapi/node/program?page[limit]=50`)).json()) as { data: Program[] }).data
    .filter((p) => p.id !== CHB)
    .sort((a, b) => a.id.localeCompare(b.id));
  publisher = createPublisher({
    root,
    releasesDir: path.join(work, 'releases'),
    cacheDir: path.join(work, 'cache'),
    buildEnv: { CMS_URL: cms.url },
    log: () => undefined,
  });
});
afterAll(async () => {
  publisher?.close();
  await cms?.close();
  await rm(work, { recursive: true, force: true });
});

describe('hostile relationships in published content', () => {
  it('the build publishes, with one warning per hostile node naming it and the field', async () => {
    publisher.trigger('before the hostile saves');
    await publisher.idle();
    const before = await publisher.status();
    expect(before.lastBuild?.result, before.lastBuild?.error ?? '').toBe('success');
    const [selfRepeated, withNull, withProto, withConstructor, ...rest] = programs;
    const category = (
      (await (await fetch(`${cms.url}jsonapi/taxonomy_term/categories`)).json()) as {
        data: Array<{ id: string }>;
      }
    ).data[0]!.id;
    // Item 2: a program whose related programs repeat itself 150 times.
    await save(selfRepeated!.id, {
      relationships: {
        field_related_programs: {
          data: Array.from({ length: 150 }, () => ({ type: 'node--program', id: selfRepeated!.id })),
        },
      },
    });
    // Variant: 16 programs each related to all 16, which no repeat removes (16^4 references once resolved).
    const ring = rest.slice(0, 16);
    const all = { data: ring.map((p) => ({ type: 'node--program', id: p.id })) };
    for (const p of ring) await save(p.id, { relationships: { field_related_programs: all } });
    // Item 7: a null among a program's categories; a `__proto__` relationship; a `constructor` field.
    await save(withNull!.id, {
      relationships: {
        field_program_categories: { data: [null, { type: 'taxonomy_term--categories', id: category }] },
      },
    });
    await save(withProto!.id, {
      relationships: `{"__proto__":{"data":{"type":"node--program","id":"${withProto!.id}"}}}`,
    });
    await save(withConstructor!.id, { attributes: { constructor: 'x', prototype: { polluted: true } } });

    publisher.trigger('hostile relationships');
    await publisher.idle();
    const status = await publisher.status();
    expect(status.lastBuild?.result, status.lastBuild?.error ?? '').toBe('success');
    const warnings = status.lastBuild!.warnings;
    const named = (id: string, field: string) =>
      warnings.filter((w) => w.node?.id === id && w.field === field).map((w) => `${w.kind}: ${w.message}`);

    // Saved in English only: the French translation keeps its own relationships.
    expect(named(selfRepeated!.id, 'field_related_programs')).toEqual([
      `invalid-field: names node--program:${selfRepeated!.id} 150 times; kept once`,
    ]);
    // Over its budget: skipped, its last published version kept.
    for (const p of ring) {
      const [w] = named(p.id, 'field_related_programs');
      expect(w, p.id).toMatch(
        /^invalid-node: holds \d+ related items once its references are resolved \(a node may hold 50000\): they repeat or point at each other; skipped: the previously published version stays until it is fixed$/,
      );
    }
    expect(named(withNull!.id, 'field_program_categories')[0]).toBe(
      'invalid-field: holds a value that is not a reference (null); left out',
    );
    expect(named(withProto!.id, '__proto__')[0]).toBe('invalid-field: is a name no field may have; left out');
    expect(named(withConstructor!.id, 'constructor')[0]).toBe('invalid-field: is a name no field may have; left out');
    expect(named(withConstructor!.id, 'prototype')[0]).toBe('invalid-field: is a name no field may have; left out');

    // A new release, with every program: the hostile ones as saved, or (over budget) as they were.
    expect(status.currentRelease).not.toBe(before.currentRelease);
    const site = path.join(work, 'releases', status.currentRelease!, 'site');
    for (const p of programs) {
      const html = await readFile(path.join(site, 'en', `${p.attributes.path.alias}.html`), 'utf8');
      expect(html, p.attributes.path.alias).toContain(p.attributes.title.replaceAll('&', '&amp;'));
    }
  }, 600_000);
});
