// The build's client and sources against documents shaped exactly as Drupal core's JSON:API
// emits them (tests/fixtures/drupal-core, written from core/modules/jsonapi), served over HTTP by
// a stand-in that answers like Drupal: HTML 404 for what it does not expose, the maintenance
// error document with Retry-After, the include 400, links written with another host.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildWarnings } from '../build-warnings.ts';
import { endBuildSession, startBuildSession } from '../build-session.ts';
import { collectSource, ContentValidationError } from '../collect.ts';
import { CmsError, createJsonApiClient } from '../jsonapi-client.ts';
import { settleProblems } from '../loader.ts';
import type { DrupalSource } from '../sources.ts';
import { facilitySource } from '../types/facility.ts';
import { programSource } from '../types/program.ts';
import { screeningSource } from '../types/screening.ts';
import { vanitySource } from '../types/vanity-url.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures/drupal-core');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const N1 = 'a1b2c3d4-0001-4000-8000-000000000001';
const N2 = 'a1b2c3d4-0002-4000-8000-000000000002';
const N3 = 'a1b2c3d4-0003-4000-8000-000000000003';

let server: Server;
let base: string;
const requests: string[] = [];
let maintenanceLeft = 0;
let hostileIndex = false;

function answer(url: URL): { status: number; body: string; headers?: Record<string, string> } {
  const route = url.pathname.replace(/^\/fr\//, '/');
  const json = (name: string) => ({
    status: 200,
    body: read(name),
    headers: { 'content-type': 'application/vnd.api+json' },
  });
  if (route === '/jsonapi/node/page' && maintenanceLeft > 0) {
    maintenanceLeft--;
    return {
      status: 503,
      body: read('maintenance-503.json'),
      headers: { 'content-type': 'application/vnd.api+json', 'retry-after': '1' },
    };
  }
  if (route === '/jsonapi/node/page')
    return {
      status: 200,
      body: JSON.stringify({ jsonapi: { version: '1.0' }, data: [], links: { self: { href: url.href } } }),
      headers: { 'content-type': 'application/vnd.api+json' },
    };
  if (route === '/jsonapi/node/program') {
    if (url.searchParams.get('include') === 'field_image') return { ...json('include-400.json'), status: 400 };
    if (url.searchParams.has('fields[node--program]')) {
      if (!hostileIndex) return json('program-index.json');
      // A hostile CMS's listing: a null, a number and a target without an alias among the real ones.
      const index = JSON.parse(read('program-index.json')) as { data: unknown[] };
      index.data = [null, 5, { type: 'node--program', id: 'x', attributes: { path: null } }, ...index.data];
      return { status: 200, body: JSON.stringify(index), headers: { 'content-type': 'application/vnd.api+json' } };
    }
    return json(url.searchParams.get('page[offset]') === '1' ? 'program-page-2.json' : 'program-page-1.json');
  }
  if (route === '/jsonapi/node/vanity_url') return json('vanity.json');
  if (route === '/jsonapi/node/hostile_errors')
    return {
      status: 404,
      body: JSON.stringify({ errors: [null, { title: { a: 1 } }, { title: 'Not Found', detail: 'No such bundle.' }] }),
      headers: { 'content-type': 'application/vnd.api+json' },
    };
  if (route === '/jsonapi/node/facility') return json('facility.json');
  // Everything else (bundles not exposed, other types the link index asks for): Drupal's HTML 404.
  return { status: 404, body: read('not-found.html'), headers: { 'content-type': 'text/html; charset=UTF-8' } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    requests.push(url.toString());
    const { status, body, headers } = answer(url);
    res.writeHead(status, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => createJsonApiClient({ baseUrl: base, retries: 0 });

describe('collections as Drupal core pages them', () => {
  it('follows a next link written with another host onto CMS_URL, through to the last page (first/prev, no meta.count)', async () => {
    requests.length = 0;
    const { data } = await client().fetchAll('en', 'node/program', programSource.query());
    expect(data.map((r) => r.id)).toEqual([N1, N2, N3]);
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatch(new RegExp(`^${base}jsonapi/node/program\\?.*page%5Boffset%5D=1`));
  });
});

describe('program nodes with references and links as Drupal stores them', () => {
  it('treats missing targets as absent, resolves entity:/internal: links to aliases, skips the node without an alias', async () => {
    const { entries, problems, warnings } = await collectSource(client(), programSource, base);
    const byId = new Map(entries.map((e) => [`${e.lang}:${e.id}`, e.data]));
    // French answers with the English originals (no translation): nothing is published in French.
    expect([...byId.keys()].sort()).toEqual([`en:${N1}`, `en:${N2}`]);
    const home = byId.get(`en:${N1}`)!;
    expect(home.related).toEqual([N2]);
    expect(home.image).toEqual({
      path: '/sites/default/files/2026-10/home-support.jpg',
      alt: 'A home support worker',
      width: 800,
      height: 450,
    });
    expect(home.categories).toEqual([{ id: 'c0ffee00-0001-4000-8000-000000000001', name: 'Seniors', slug: 'seniors' }]);
    expect(home.pageScope).toBe('s');
    expect(home.documents).toEqual([
      { url: '/en/program/long-term-care', title: 'Long-term care' },
      { url: `${base}sites/default/files/2026-10/guide.pdf`, title: 'Guide (PDF)' },
      { url: 'https://www2.gnb.ca/content/gnb/en/departments/social_development.html', title: 'Department' },
    ]);
    expect(byId.get(`en:${N2}`)!.image).toBeNull();

    expect(problems).toEqual([
      { type: 'node--program', id: N3, lang: 'en', field: 'path.alias', message: expect.any(String) },
    ]);
    const summary = warnings.map((w) => `${w.kind} ${w.id} ${w.lang} ${w.field}`).sort();
    expect(summary).toEqual([
      `dangling-reference ${N1} en field_related_programs`,
      `dangling-reference ${N2} en field_program_image`,
      `unresolved-link ${N1} en field_documents[1].uri`,
      `unresolved-link ${N1} en field_documents[2].uri`,
    ]);
    expect(warnings.find((w) => w.field === 'field_documents[2].uri')!.target).toBe('internal:/node/999');
  });

  it('records the skipped node, dangling references and unresolved links in the build warnings file; required content still fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'drupal-contract-'));
    const file = path.join(dir, 'build-warnings.jsonl');
    startBuildSession({ cmsUrl: base, warningsFile: file, pageKeyConfig: '' });
    try {
      const { problems, warnings } = await collectSource(client(), programSource, base);
      settleProblems(programSource, problems, warnings, () => false);
      const recorded = readBuildWarnings(file);
      expect(recorded.map((w) => w.kind).sort()).toEqual([
        'dangling-reference',
        'dangling-reference',
        'invalid-node',
        'unresolved-link',
        'unresolved-link',
      ]);
      expect(recorded.find((w) => w.kind === 'invalid-node')).toMatchObject({
        node: { type: 'node--program', id: N3, lang: 'en' },
        field: 'path.alias',
        message: expect.stringContaining('not published until it is fixed'),
      });
      expect(() => settleProblems(screeningSource as DrupalSource, problems, [], () => false)).toThrow(
        ContentValidationError,
      );
    } finally {
      endBuildSession();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('resolves a vanity target chosen as entity:node/N and leaves out the one whose node is gone', async () => {
    const { entries, problems, warnings } = await collectSource(client(), vanitySource, base);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.data)).toEqual([
      {
        id: 'b0000000-0001-4000-8000-000000000001',
        lang: 'en',
        route: '/home-support',
        target: { kind: 'internal', path: '/en/program/home-support-services' },
      },
    ]);
    expect(warnings).toMatchObject([
      {
        kind: 'unresolved-link',
        id: 'b0000000-0002-4000-8000-000000000002',
        field: 'field_vanity_target_link.field_external_link.uri',
        target: 'internal:/node/999',
      },
    ]);
  });
});

describe('contrib field shapes', () => {
  it('reads a geofield location (lat/lon) as well as geolocation (lat/lng)', async () => {
    const { entries, problems } = await collectSource(client(), facilitySource, base);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.data)[0]).toMatchObject({
      lat: 45.9636,
      lng: -66.6431,
      city: 'Fredericton',
      postalCode: 'E3B 1B2',
    });
  });
});

describe('answers that are not a JSON:API document', () => {
  it('names the status and URL of an HTML 404 (bundle not exposed or JSON:API off)', async () => {
    const error = await client()
      .fetchAll('en', 'node/unexposed')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsError);
    expect((error as CmsError).status).toBe(404);
    expect((error as Error).message).toContain(`${base}jsonapi/node/unexposed`);
    expect((error as Error).message).toMatch(
      /HTTP 404 and an HTML page \("Page not found \| Social Development CMS \| Page not found/,
    );
    expect((error as Error).message).not.toMatch(/not JSON/);
  });

  it('waits as long as Retry-After says in maintenance mode and quotes Drupal’s message', async () => {
    maintenanceLeft = 1;
    const retries: Array<{ reason: string; delay: number }> = [];
    const patient = createJsonApiClient({
      baseUrl: base,
      retries: 2,
      retryDelayMs: 5,
      onRetry: (_u, _n, reason, delay) => retries.push({ reason, delay }),
    });
    const { data } = await patient.fetchAll('en', 'node/page');
    expect(data).toEqual([]);
    expect(retries).toEqual([
      {
        reason:
          'HTTP 503: "Service Unavailable: Social Development CMS is currently under maintenance. We should be back shortly. Thank you for your patience."',
        delay: 1000,
      },
    ]);

    maintenanceLeft = 5;
    const error = await client()
      .fetchAll('en', 'node/page')
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /jsonapi\/node\/page could not be reached after 1 attempts: HTTP 503: ".*currently under maintenance/,
    );
    maintenanceLeft = 0;
  });

  it('a link index listing with a null, a number and a target without an alias: those are no targets; the links resolve as before', async () => {
    hostileIndex = true;
    try {
      const { entries, warnings } = await collectSource(client(), programSource, base);
      const home = entries.find((e) => e.id === N1)!.data;
      expect(home.documents[0]).toEqual({ url: '/en/program/long-term-care', title: 'Long-term care' });
      expect(warnings.filter((w) => w.kind === 'unresolved-link')).toHaveLength(2);
    } finally {
      hostileIndex = false;
    }
  });

  it('an error document whose errors are a null and an object as title: the status and the strings named', async () => {
    await expect(client().fetchAll('en', 'node/hostile_errors')).rejects.toThrow(
      /HTTP 404: Not Found: No such bundle\.$/,
    );
  });

  it('quotes the include 400 naming the field', async () => {
    await expect(client().fetchAll('en', 'node/program', 'include=field_image')).rejects.toThrow(
      /HTTP 400: Bad Request: `field_image` is not a valid relationship field name\. Possible values: node_type/,
    );
  });
});
