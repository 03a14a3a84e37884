// The JSON:API client and content sources against the local CMS over real HTTP.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildWarnings } from '../build-warnings.ts';
import { collectSource, ContentValidationError } from '../collect.ts';
import { settleProblems } from '../loader.ts';
import { CmsError, createJsonApiClient } from '../jsonapi-client.ts';
import { contentTypes as sources } from '../types/index.ts';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const snapshotDir = path.join(root, 'scripts/local-cms/snapshot');

type Cms = Awaited<ReturnType<typeof startLocalCms>>;
const started: Cms[] = [];
async function cms(options: Record<string, unknown> = {}): Promise<Cms> {
  const server = await startLocalCms({ port: 0, snapshotDir, ...options });
  started.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

describe('JSON:API client against the local CMS', () => {
  let base: string;
  beforeAll(async () => {
    base = (await cms()).url;
  });

  it('follows links.next across pages and merges data and included', async () => {
    const client = createJsonApiClient({ baseUrl: base });
    const urls: string[] = [];
    const tracking = createJsonApiClient({
      baseUrl: base,
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    const { data, included } = await tracking.fetchAll(
      'en',
      'node/program',
      'page[limit]=10&include=field_program_categories',
    );
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.slice(1).every((u) => u.startsWith('http://127.0.0.1'))).toBe(true);
    const ids = new Set(data.map((r) => r.id));
    expect(ids.size).toBe(data.length);
    const all = await client.fetchAll('en', 'node/program');
    expect(data.length).toBe(all.data.length);
    expect(included.some((r) => r.type === 'taxonomy_term--categories')).toBe(true);
    expect(new Set(included.map((r) => `${r.type}:${r.id}`)).size).toBe(included.length);
  });

  it('reads French from the fr/ prefix', async () => {
    const client = createJsonApiClient({ baseUrl: base });
    const { data } = await client.fetchAll('fr', 'node/program', 'filter[status]=1');
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((r) => r.attributes?.langcode === 'fr')).toBe(true);
  });

  it('applies filters and sparse fieldsets', async () => {
    const client = createJsonApiClient({ baseUrl: base });
    const all = await client.fetchAll('en', 'node/program');
    const published = await client.fetchAll(
      'en',
      'node/program',
      'filter[status]=1&filter[field_searchable]=1&fields[node--program]=title,path',
    );
    expect(published.data.length).toBeLessThan(all.data.length);
    for (const r of published.data) expect(Object.keys(r.attributes ?? {}).sort()).toEqual(['path', 'title']);
  });

  it('turns a JSON:API error document into a clear error naming the URL', async () => {
    const client = createJsonApiClient({ baseUrl: base, retries: 0 });
    await expect(client.fetchAll('en', 'node/no_such_type')).rejects.toThrow(/node\/no_such_type.*HTTP 404/);
  });
});

describe('failure behaviour', () => {
  it('fails with one message naming the URL when the CMS is unreachable', async () => {
    const client = createJsonApiClient({ baseUrl: 'http://127.0.0.1:9', retries: 2, retryDelayMs: 10 });
    const error = await client.fetchAll('en', 'node/program').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsError);
    expect((error as Error).message).toMatch(
      /http:\/\/127\.0\.0\.1:9\/jsonapi\/node\/program.*could not be reached after 3 attempts/,
    );
  });

  it('retries 5xx answers with backoff and recovers', async () => {
    const server = await cms({ faults: 'fail-first=2' });
    const retries: number[] = [];
    const client = createJsonApiClient({
      baseUrl: server.url,
      retries: 3,
      retryDelayMs: 10,
      onRetry: (_u, n) => retries.push(n),
    });
    const { data } = await client.fetchAll('en', 'node/page');
    expect(data.length).toBeGreaterThan(0);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up on persistent 5xx naming the URL', async () => {
    const server = await cms({ faults: 'fail-first=100' });
    const client = createJsonApiClient({ baseUrl: server.url, retries: 1, retryDelayMs: 5 });
    await expect(client.fetchAll('en', 'node/page')).rejects.toThrow(/\/jsonapi\/node\/page.*HTTP 503/);
  });

  it('reports a malformed document', async () => {
    const server = await cms({ faults: 'malformed=/jsonapi/node/page' });
    const client = createJsonApiClient({ baseUrl: server.url, retries: 0 });
    await expect(client.fetchAll('en', 'node/page')).rejects.toThrow(/malformed JSON:API document/);
  });

  it('skips every schema-invalid program and records it as a build warning with type, id, language and field', async () => {
    const server = await cms({ snapshotDir: path.join(root, 'tests/fixtures/cms-invalid') });
    const client = createJsonApiClient({ baseUrl: server.url, retries: 0 });
    const { entries, problems, warnings } = await collectSource(client, sources.programs, server.url);
    expect(entries.map((e) => `${e.lang}:${e.id}`).sort()).toEqual([
      'en:11111111-1111-4111-8111-111111111111',
      'fr:11111111-1111-4111-8111-111111111111',
    ]);
    const lines = new ContentValidationError(problems).message;
    expect(lines).toContain('node--program 22222222-2222-4222-8222-222222222222 (en): path.alias');
    expect(lines).toContain('node--program 22222222-2222-4222-8222-222222222222 (en): field_about_short_description_');
    expect(lines).toContain('node--program 22222222-2222-4222-8222-222222222222 (fr): title');
    // Programs are not required content: the build goes on, and the warnings name each bad field.
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-warnings-'));
    const file = path.join(dir, 'build-warnings.jsonl');
    try {
      settleProblems(
        sources.programs,
        problems,
        warnings,
        (key) => key === 'en/22222222-2222-4222-8222-222222222222',
        file,
      );
      const recorded = readBuildWarnings(file);
      expect(recorded).toHaveLength(problems.length);
      expect(
        recorded.every((w) => w.kind === 'invalid-node' && w.node?.id === '22222222-2222-4222-8222-222222222222'),
      ).toBe(true);
      expect(recorded.find((w) => w.node?.lang === 'en' && w.field === 'path.alias')!.message).toContain(
        'the previously published version stays',
      );
      expect(recorded.find((w) => w.node?.lang === 'fr' && w.field === 'title')!.message).toContain(
        'not published until it is fixed',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('content sources on the real snapshot', () => {
  it('every source validates in both languages and lists only searchable, published content', async () => {
    const server = await cms();
    const client = createJsonApiClient({ baseUrl: server.url });
    for (const source of Object.values(sources)) {
      if (typeof source !== 'object' || !('resource' in source)) continue;
      const { entries, problems, warnings } = await collectSource(
        client,
        source as typeof sources.programs,
        server.url,
      );
      expect(problems, source.type).toEqual([]);
      expect(warnings, source.type).toEqual([]);
      expect(entries.length, source.type).toBeGreaterThan(0);
    }
    const programs = await collectSource(client, sources.programs, server.url);
    // Unpublished nodes are visible to the editor account only, as in Drupal: read them from the snapshot.
    const all = JSON.parse(readFileSync(path.join(snapshotDir, 'en/node--program.json'), 'utf8')) as Array<{
      id: string;
      attributes: { status: boolean };
    }>;
    const unpublished = all.filter((r) => r.attributes.status === false).map((r) => r.id);
    expect((await client.fetchAll('en', 'node/program')).data.some((r) => unpublished.includes(r.id))).toBe(false);
    expect(unpublished.length).toBeGreaterThan(0);
    expect(programs.entries.some((e) => unpublished.includes(e.id))).toBe(false);
    expect(programs.entries.some((e) => !(e.data as { searchable: boolean }).searchable)).toBe(true);
  });
});
