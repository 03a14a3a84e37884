// The local CMS answers as Drupal core's JSON:API does, so drift between the build's queries and
// a real site fails here first; and the build copes with what such a Drupal sends (links written
// with a proxy's backend origin, maintenance mode, deleted targets).
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectSource } from '../collect.ts';
import { createJsonApiClient } from '../jsonapi-client.ts';
import { programSource } from '../types/program.ts';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';

const snapshotDir = path.resolve(import.meta.dirname, '../../../scripts/local-cms/snapshot');
type Cms = Awaited<ReturnType<typeof startLocalCms>>;
const started: Cms[] = [];
async function cms(options: Record<string, unknown> = {}): Promise<Cms> {
  const server = await startLocalCms({ port: 0, snapshotDir, log: () => {}, ...options });
  started.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

type Doc = {
  data: Array<Record<string, any>> & Record<string, any>;
  links: Record<string, { href: string }>;
  meta?: Record<string, unknown>;
  errors?: Array<{ detail: string; status: string }>;
  jsonapi: unknown;
};
async function get(url: string): Promise<{ status: number; type: string; doc: Doc; text: string }> {
  const response = await fetch(url, { headers: { accept: 'application/vnd.api+json' } });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text,
    doc: text.startsWith('{') ? JSON.parse(text) : undefined,
  };
}

describe('the local CMS speaks as Drupal core', () => {
  it('answers an include path through a non-relationship with a 400 naming the field', async () => {
    const { url } = await cms();
    const flat = await get(`${url}jsonapi/node/program?include=field_image`);
    expect(flat.status).toBe(400);
    expect(flat.doc.errors![0]!.detail).toBe(
      '`field_image` is not a valid relationship field name. Possible values: field_program_categories, field_program_image, field_add_an_image_large_800_x_4, field_pagescope, field_related_programs.',
    );
    const nested = await get(`${url}jsonapi/node/vanity_url?include=field_vanity_target_link.field_nope`);
    expect(nested.status).toBe(400);
    expect(nested.doc.errors![0]!.detail).toBe(
      '`field_vanity_target_link.field_nope` is not a valid include path. `field_nope` is not a valid relationship field name. Possible values: field_internal_link.',
    );
    // Even when the page has no data: Drupal validates the path against the type.
    expect((await get(`${url}jsonapi/node/program?filter[title]=nothing&include=title`)).status).toBe(400);
  });

  it('filters `changed` by the Unix timestamp Drupal stores, on its own clock; a date string is refused', async () => {
    // A CMS whose clock is ten minutes behind: its Date header and `changed` stamps agree.
    const server = await cms({ clockOffsetMs: -600_000, auth: { user: 'e', password: 'p' } });
    const list = await get(`${server.url}jsonapi/node/program?filter[status]=1`);
    const node = list.doc.data[0]!;
    const before = await fetch(`${server.url}jsonapi/node/program`);
    const cmsNow = Math.floor(Date.parse(before.headers.get('date')!) / 1000);
    expect(Math.abs(cmsNow - (Date.now() / 1000 - 600))).toBeLessThan(5);
    const changedSince = (ts: number) =>
      get(`${server.url}jsonapi/node/program?filter[changed][value]=${ts}&filter[changed][operator]=%3E`);
    expect((await changedSince(cmsNow - 5)).doc.data).toEqual([]);
    const patched = await fetch(`${server.url}jsonapi/node/program/${node.id}`, {
      method: 'PATCH',
      headers: { authorization: `Basic ${Buffer.from('e:p').toString('base64')}` },
      body: JSON.stringify({ data: { type: 'node--program', id: node.id, attributes: { title: 'Saved' } } }),
    });
    expect(patched.status).toBe(200);
    expect((await changedSince(cmsNow - 5)).doc.data.map((n) => n.id)).toEqual([node.id]);
    // On the machine's clock the save is ten minutes old: a bound read there would miss it.
    expect((await changedSince(Math.floor(Date.now() / 1000) - 5)).doc.data).toEqual([]);
    const iso = await get(`${server.url}jsonapi/node/program?filter[changed][value]=2020-01-01T00:00:00%2B00:00`);
    expect(iso.status).toBe(400);
    expect(iso.doc.errors![0]!.detail).toContain('Unix timestamp');
  });

  it('pages with next, first and prev and sends no meta.count', async () => {
    const { url } = await cms();
    const first = await get(`${url}jsonapi/node/program?page[limit]=20`);
    expect(first.doc.meta).toBeUndefined();
    expect(Object.keys(first.doc.links).sort()).toEqual(['next', 'self']);
    expect(first.doc.jsonapi).toEqual({
      version: '1.0',
      meta: { links: { self: { href: 'http://jsonapi.org/format/1.0/' } } },
    });
    const second = await get(first.doc.links.next!.href);
    expect(Object.keys(second.doc.links).sort()).toEqual(['first', 'next', 'prev', 'self']);
    const last = await get(second.doc.links.next!.href);
    expect(Object.keys(last.doc.links).sort()).toEqual(['first', 'prev', 'self']);
    expect(new URL(last.doc.links.first!.href).searchParams.get('page[offset]')).toBe('0');
  });

  it('writes path.pid, resourceVersion in self links, relationship links and drupal_internal__target_id', async () => {
    const { url } = await cms();
    const { doc } = await get(
      `${url}jsonapi/node/program?filter[drupal_internal__nid]=100&include=field_program_image`,
    );
    const node = doc.data[0]!;
    expect(node.attributes.path).toEqual({
      alias: expect.stringMatching(/^\//),
      pid: expect.any(Number),
      langcode: 'en',
    });
    expect(node.links.self.href).toMatch(
      new RegExp(`^${url}jsonapi/node/program/${node.id}\\?resourceVersion=id%3A\\d+$`),
    );
    const image = node.relationships.field_program_image;
    expect(image.links.self.href).toMatch(
      new RegExp(`/jsonapi/node/program/${node.id}/relationships/field_program_image\\?resourceVersion=id%3A\\d+$`),
    );
    expect(image.links.related.href).toMatch(
      new RegExp(`/jsonapi/node/program/${node.id}/field_program_image\\?resourceVersion=`),
    );
    expect(image.data.meta).toMatchObject({ alt: expect.any(String), drupal_internal__target_id: expect.any(Number) });
    const file = (doc as unknown as { included: Array<Record<string, any>> }).included[0]!;
    expect(file.links.self.href).not.toContain('resourceVersion');
  });

  it('answers routes outside JSON:API and unexposed bundles with Drupal’s HTML 404 page, an unknown id with an error document', async () => {
    const { url } = await cms();
    for (const route of ['node/101', 'jsonapi/node/no_such_bundle', 'jsonapi/node']) {
      const answer = await get(`${url}${route}`);
      expect([answer.status, answer.type], route).toEqual([404, 'text/html; charset=UTF-8']);
      expect(answer.text).toContain('<title>Page not found');
    }
    const unknown = await get(`${url}jsonapi/node/program/00000000-0000-4000-8000-000000000000`);
    expect([unknown.status, unknown.type]).toEqual([404, 'application/vnd.api+json']);
  });

  it('answers a reference to a deleted node with Drupal’s missing identifier; the build leaves it out and warns', async () => {
    const server = await cms({ auth: { user: 'editor', password: 'pw' } });
    const related = 'bce7dc34-11c7-449e-8395-f23dad2bbd7d';
    const deleted = await fetch(`${server.url}jsonapi/node/program/${related}`, {
      method: 'DELETE',
      headers: { authorization: `Basic ${Buffer.from('editor:pw').toString('base64')}` },
    });
    expect(deleted.status).toBe(204);
    const { doc } = await get(`${server.url}jsonapi/node/program?filter[id]=425aa40d-ce34-4b30-8aa1-fbdcefc8d406`);
    expect(doc.data[0]!.relationships.field_related_programs.data[0]).toEqual({
      type: 'node--program',
      id: 'missing',
      meta: {
        links: {
          help: {
            href: 'https://www.drupal.org/docs/8/modules/json-api/core-concepts#missing',
            meta: { about: "Usage and meaning of the 'missing' resource identifier." },
          },
        },
      },
    });
    const { entries, problems, warnings } = await collectSource(
      createJsonApiClient({ baseUrl: server.url, retries: 0 }),
      programSource,
      server.url,
    );
    expect(problems).toEqual([]);
    const program = entries.find((e) => e.id === '425aa40d-ce34-4b30-8aa1-fbdcefc8d406' && e.lang === 'en')!.data;
    expect(program.related).toHaveLength(2);
    expect(program.related).not.toContain(related);
    expect(
      warnings.filter((w) => w.kind === 'dangling-reference').map((w) => `${w.id} ${w.lang} ${w.field}`),
    ).toContain('425aa40d-ce34-4b30-8aa1-fbdcefc8d406 en field_related_programs');
  });
});

describe('the build against a Drupal as deployed', () => {
  it('pages through to the end when the CMS writes its links with another scheme and host (behind a proxy)', async () => {
    const proxied = await cms({ scale: 120, faults: 'link-origin=https://cms-backend.example.ca:8443' });
    const first = await get(`${proxied.url}jsonapi/node/program`);
    expect(first.doc.links.next!.href).toMatch(/^https:\/\/cms-backend\.example\.ca:8443\/jsonapi\/node\/program\?/);
    const urls: string[] = [];
    const client = createJsonApiClient({
      baseUrl: proxied.url,
      retries: 0,
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    const { entries, problems } = await collectSource(client, programSource, proxied.url);
    expect(problems).toEqual([]);
    const published =
      (await get(`${proxied.url}jsonapi/node/program?filter[status]=1&page[offset]=100`)).doc.data.length + 100;
    expect(entries.filter((e) => e.lang === 'en')).toHaveLength(published);
    expect(entries.filter((e) => e.lang === 'fr')).toHaveLength(published);
    expect(urls.filter((u) => u.includes('page%5Boffset%5D=100')).length).toBeGreaterThan(0);
    expect(urls.every((u) => u.startsWith(proxied.url))).toBe(true);
  });

  it('waits out maintenance mode for as long as Retry-After says and quotes the message', async () => {
    const server = await cms({ faults: 'maintenance=1' });
    const retries: Array<{ reason: string; delay: number }> = [];
    const client = createJsonApiClient({
      baseUrl: server.url,
      retries: 2,
      retryDelayMs: 5,
      onRetry: (_u, _n, reason, delay) => retries.push({ reason, delay }),
    });
    const { data } = await client.fetchAll('en', 'node/page');
    expect(data.length).toBeGreaterThan(0);
    expect(retries).toHaveLength(1);
    expect(retries[0]!.delay).toBe(1000);
    expect(retries[0]!.reason).toMatch(/^HTTP 503: "Service Unavailable: .* is currently under maintenance/);
  });
});
