// Search follows every release at once (src/release/search/search-bundles.ts): the first release
// gets a base index before it goes live; an edit goes live with a delta index of the pages changed
// since the base and the base's results for them hidden; a deletion hides the removed page's result
// in the same release, so it is never offered once its removal is live. Checked in the served
// state (/search-index.json) and the index files themselves.
import { readdir, readFile, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseChecks } from './release-checks.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'pw' };
let publishing: Publishing | undefined;
let server: Publishing['server'];
let releasesDir = '';
let work = '';

let checks: ReturnType<typeof releaseChecks>;
const status = () => checks.status();
const settle = (builds: number) => checks.settle(builds);
const write = (method: string, url: string, body?: unknown) => checks.write(method, url, body);
const programId = async (alias: string) => (await checks.program(alias)).id;
interface SearchState {
  base: string;
  delta: string | null;
  hidden: string[];
}
const served = async () => (await (await fetch(`${server.url}/search-index.json`)).json()) as SearchState;
/** The page fragments of one index folder of the live release, by result id, decompressed. */
async function fragments(folder: string): Promise<Map<string, string>> {
  const dir = path.join(releasesDir, 'current', 'site', folder, 'fragment');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.pf_fragment'));
  const texts = await Promise.all(
    files.map(async (f) => [
      f.replace(/\.pf_fragment$/, ''),
      gunzipSync(await readFile(path.join(dir, f))).toString('utf8'),
    ]),
  );
  return new Map(texts as Array<[string, string]>);
}
/** What a reader is offered: the base's results not hidden, and the delta's. */
async function offered(): Promise<string> {
  const state = await served();
  const base = [...(await fragments(state.base))].filter(([id]) => !state.hidden.includes(id)).map(([, t]) => t);
  const delta = state.delta ? [...(await fragments(state.delta)).values()] : [];
  return [...base, ...delta].join('\n');
}

beforeAll(async () => {
  publishing = await startPublishing('search-follows', { secret, auth });
  ({ server, releasesDir, work } = publishing);
  checks = releaseChecks(publishing, { secret, auth });
  await checks.webhook({ event: 'first' });
  const first = await settle(1);
  expect(first.lastBuild?.error ?? null).toBeNull();
}, 300_000);

afterAll(async () => {
  await publishing?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('search follows the pages', () => {
  it('indexes the first release before it goes live, as the base its /search-index.json names', async () => {
    const s = await status();
    expect(s.lastBuild?.search).toMatchObject({ when: 'before', state: 'live', kind: 'full' });
    const state = await served();
    expect(state).toMatchObject({ delta: null, hidden: [] });
    expect(state.base).toMatch(/^\/pagefind-[^/]+\/$/);
    expect(await readlink(path.join(releasesDir, 'current', 'site', 'pagefind'))).toBe(state.base.slice(1, -1));
    expect((await fetch(`${server.url}${state.base}pagefind.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/pagefind/pagefind.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/search-index.json`)).headers.get('cache-control')).toBe('no-cache');
    expect(await offered()).toContain('/en/program/food-banks');
  });

  it('goes live with the edit in a delta index and the old version hidden', async () => {
    const before = await served();
    const title = `Home Support Services (searchable ${Date.now()})`;
    const id = await programId('/program/home-support-services');
    await write('PATCH', `jsonapi/node/program/${id}`, { data: { type: 'node--program', id, attributes: { title } } });
    const s = await settle(2);
    expect(s.lastBuild?.error ?? null).toBeNull();
    expect(s.lastBuild?.search).toMatchObject({ when: 'before', state: 'live', kind: 'delta' });
    const state = await served();
    expect(state.base).toBe(before.base);
    expect(state.delta).toMatch(/^\/pagefind-delta-[^/]+\/$/);
    const delta = [...(await fragments(state.delta!)).values()].join('\n');
    expect(delta).toContain(title);
    // The base still holds the old text of the page, but its result is hidden.
    const base = await fragments(state.base);
    const old = [...base].find(([, t]) => t.includes('"/en/program/home-support-services.html"'))!;
    expect(old[1]).not.toContain(title);
    expect(state.hidden).toContain(old[0]);
    expect(await offered()).toContain(title);
    expect((await fetch(`${server.url}${state.delta}pagefind-entry.json`)).status).toBe(200);
  }, 300_000);

  it('never goes live offering a page it removed, and keeps the previous delta for readers mid-search', async () => {
    const before = await served();
    const id = await programId('/program/food-banks');
    await write('DELETE', `jsonapi/node/program/${id}`);
    const s = await settle(3);
    expect(s.lastBuild?.error ?? null).toBeNull();
    expect(s.lastBuild?.search).toMatchObject({ when: 'before', state: 'live' });
    expect((await fetch(`${server.url}/en/program/food-banks`)).status).toBe(404);
    expect(await offered()).not.toContain('/en/program/food-banks');
    expect(await offered()).toContain('/en/program/home-support-services');
    // A reader who loaded the previous state still finds its delta.
    expect((await fetch(`${server.url}${before.delta}pagefind-entry.json`)).status).toBe(200);
  }, 300_000);
});
