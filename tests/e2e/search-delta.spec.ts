// The search page on a release the publisher built from the previous one: /search-index.json names
// the base index, a delta index of a changed page, and the base's result for that page to hide. A
// reader finds the page by its new words, no longer by its old ones, and once only. Built here from
// the test site: one program page edited, its delta indexed with the project's own indexer.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { writeWhole } from '../../src/release/write-whole.ts';
import { linkTree } from '../../src/release/hard-links.ts';
import { startServer } from '../../src/service/start.ts';
import { expect, test } from './support/fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.resolve(root, process.env.E2E_DIST || 'dist-e2e');
const page = 'en/program/home-support-services.html';
let work = '';
let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'search-delta-'));
  const site = path.join(work, 'site');
  await linkTree(dist, site);
  // The edit: the program's title and text now speak of "zucchini" instead of home support.
  const html = await readFile(path.join(site, page), 'utf8');
  await writeWhole(path.join(site, page), html.replaceAll('Home Support Services', 'Zucchini Garden Visits'));
  for (const copy of ['.br', '.gz']) await rm(path.join(site, `${page}${copy}`), { force: true });
  const ids = path.join(work, 'ids.json');
  await writeFile(path.join(work, 'pages.json'), JSON.stringify([page]));
  await promisify(execFile)(
    process.execPath,
    [
      'src/release/search/search-index.ts',
      site,
      path.join(site, 'pagefind-delta-test'),
      '--pages',
      path.join(work, 'pages.json'),
      '--ids',
      ids,
    ],
    { cwd: root },
  );
  // The base's result for the page, hidden.
  const fragments = path.join(site, 'pagefind', 'fragment');
  let hidden = '';
  for (const name of await readdir(fragments)) {
    const text = gunzipSync(await readFile(path.join(fragments, name))).toString('utf8');
    if (text.includes('"/en/program/home-support-services.html"')) hidden = name.replace(/\.pf_fragment$/, '');
  }
  expect(hidden).not.toBe('');
  await writeWhole(
    path.join(site, 'search-index.json'),
    JSON.stringify({ base: '/pagefind/', delta: '/pagefind-delta-test/', deltaLanguages: ['en'], hidden: [hidden] }),
  );
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    site: { distDir: site },
    dataDir: path.join(work, 'data'),
  });
});

test.afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

test('finds the changed page by its new words, and once, in its new version, by words it kept', async ({
  page: tab,
}) => {
  await tab.goto(`${server.url}/en/search?q=zucchini`);
  await expect(tab.getByRole('link', { name: 'Zucchini Garden Visits' })).toHaveCount(1);

  // "homemaker" (one of its keywords) finds the page in both indexes: the base's result is hidden,
  // the delta's shown.
  await tab.goto(`${server.url}/en/search?q=homemaker`);
  const links = tab.locator('[data-search-results] a[href="/en/program/home-support-services"]');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveText('Zucchini Garden Visits');
});

test('a French reader is not offered the English page of an English-only delta', async ({ page: tab }) => {
  // An editor published in English first: the delta holds English only.
  await tab.goto(`${server.url}/fr/search?q=zucchini`);
  await expect(tab.locator('[data-search-status]')).toContainText('zucchini');
  await expect(tab.locator('[data-search-results] li')).toHaveCount(0);
  await expect(tab.getByRole('link', { name: 'Zucchini Garden Visits' })).toHaveCount(0);
  // French search still answers from the French base.
  await tab.goto(`${server.url}/fr/search?q=${encodeURIComponent('popote roulante')}`);
  await expect(tab.locator('[data-search-results] a[href="/fr/program/popote-roulante"]')).toHaveCount(1);
});
