// The search state of a release built on the live one (src/release/search/search-bundles.ts), with
// the real indexer: a changed page is indexed in a delta and its base result hidden; when the delta
// cannot be built, the release still goes live and hides the changed page's old result (never an
// outdated page offered), and says why.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareSearch } from '../search/search-bundles.ts';
import { releaseOf } from '../releases.ts';

const root = path.resolve(import.meta.dirname, '../../..');
let work = '';

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>${title} helps people.</p></main></body></html>`;

async function release(
  id: string,
  pages: Record<string, string>,
  identities: Record<string, string>,
  listed?: string[],
) {
  const r = releaseOf(work, id);
  for (const [file, html] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(r.siteDir, file)), { recursive: true });
    await writeFile(path.join(r.siteDir, file), html);
  }
  await mkdir(r.deployDir, { recursive: true });
  await writeFile(
    path.join(r.deployDir, 'search-pages.json'),
    JSON.stringify((listed ?? Object.keys(pages)).map((p) => `/${p}`)),
  );
  await writeFile(path.join(r.deployDir, 'release-files.json'), JSON.stringify({ version: 1, astro: identities }));
  return r;
}

const state = async (r: ReturnType<typeof releaseOf>) =>
  JSON.parse(await readFile(path.join(r.siteDir, 'search-index.json'), 'utf8')) as {
    base: string;
    delta: string | null;
    deltaLanguages: string[];
    hidden: string[];
  };

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('search state of a release built on the live one', () => {
  it('indexes changed pages in a delta, and without one still hides their old results', async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'search-delta-'));
    const cache = path.join(work, '.cache');
    const a = 'en/program/apples/index.html';
    const b = 'en/program/bananas/index.html';
    const first = await release('r1', { [a]: page('Apples'), [b]: page('Bananas') }, { [a]: 'a1', [b]: 'b1' });
    expect(await prepareSearch(root, cache, null, first)).toMatchObject({ kind: 'full', pages: 2, hidden: 0 });
    const base = await state(first);
    expect(base.delta).toBeNull();

    // Bananas became Blueberries: a delta of one page, the base's Bananas hidden.
    const second = await release('r2', { [a]: page('Apples'), [b]: page('Blueberries') }, { [a]: 'a1', [b]: 'b2' });
    expect(await prepareSearch(root, cache, first, second)).toMatchObject({ kind: 'delta', pages: 1, hidden: 1 });
    const next = await state(second);
    expect(next.base).toBe(base.base);
    expect(next.delta).toBe('/pagefind-delta-r2/');
    // The delta holds English only: a French reader does not merge it.
    expect(next.deltaLanguages).toEqual(['en']);

    // A changed page the indexer cannot read: no delta, the old result hidden all the same.
    const third = await release('r3', { [a]: page('Apples') }, { [a]: 'a2', [b]: 'b3' }, [a, b]);
    const outcome = await prepareSearch(root, cache, second, third);
    expect(outcome.deltaError).toMatch(/search index failed/);
    const broken = await state(third);
    expect(broken.delta).toBeNull();
    expect(broken.hidden).toHaveLength(2);
    expect(broken.hidden).toEqual(expect.arrayContaining(next.hidden));
  }, 120_000);
});
