// Post-build step: the Pagefind index of the built pages. Only pages marked data-pagefind-body
// (published, searchable programs, simple and complex pages) are indexed; Pagefind splits the
// index by the pages' <html lang>, so French searches only French pages.
// Also runnable on its own (`node src/release/search/search-index.ts <siteDir> <outputDir>`, then
// precompressed unless `--no-precompress`, reusing copies kept under `--cache-dir`): the publisher indexes a release that is already live
// (src/release/search/search-bundles.ts); the bench times a bare Pagefind run (scripts/bench/bare.ts).
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { mapInBatches } from '../build/batches.ts';
import { precompressFolder } from '../compression.ts';
import { writeJsonWhole, writeWhole } from '../write-whole.ts';
import { searchState, SEARCH_STATE_FILE } from '../../features/search/rules/state.ts';
import type { PostBuildStep } from '../build/context.ts';

const SEARCHABLE_FOLDERS = ['en', 'fr'].flatMap((lang) =>
  ['program', 'simple_page', 'complex_page'].map((type) => `${lang}/${type}`),
);

/**
 * The searchable pages, site-relative, in one order whatever the file system: Pagefind's index
 * depends on the order pages are added, and a folder lists its files in the order they were
 * written on some file systems (tmpfs), which differs between a full and an incremental build.
 */
async function searchablePages(siteDir: string): Promise<string[]> {
  const lists = await Promise.all(
    SEARCHABLE_FOLDERS.map(async (folder) => {
      const files = await readdir(path.join(siteDir, folder), { recursive: true }).catch(() => [] as string[]);
      return files.filter((f) => f.endsWith('.html')).map((f) => `${folder}/${f.split(path.sep).join('/')}`);
    }),
  );
  return lists.flat().sort();
}

/**
 * Indexes the site's searchable pages, or with `pages` (site-relative files) only those: the
 * publisher's delta index of the pages changed since the base index.
 */
async function writeSearchIndex(siteDir: string, outputPath: string, pages?: string[]): Promise<number> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  let count = 0;
  for (const sourcePath of pages ?? (await searchablePages(siteDir))) {
    const added = await index.addHTMLFile({
      sourcePath,
      content: await readFile(path.join(siteDir, sourcePath), 'utf8'),
    });
    if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    count++;
  }
  // Pagefind's own writeFiles answers before its last writes reach the disk (they finish in the
  // background, and close() then kills them), which left pagefind-entry.json or a fragment cut
  // short. The files are taken in memory and written whole here instead.
  const { files, errors: fileErrors } = await index.getFiles();
  if (fileErrors.length) throw new Error(`Pagefind: ${fileErrors.join('; ')}`);
  await pagefind.close();
  await mapInBatches(files, async (file) => {
    const target = path.join(outputPath, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeWhole(target, file.content, { sync: false });
  });
  if (count === 0 && !pages)
    throw new Error('Pagefind indexed no page: listed pages lost their data-pagefind-body markup.');
  return count;
}

/** Each indexed page's url and its result id in the index (its fragment's name), read from the fragments. */
async function resultIds(outputPath: string): Promise<Record<string, string>> {
  const dir = path.join(outputPath, 'fragment');
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids: Record<string, string> = {};
  for (const name of names.filter((n) => n.endsWith('.pf_fragment'))) {
    // A fragment is gzipped JSON after Pagefind's signature (`pagefind_dcd`).
    const text = gunzipSync(await readFile(path.join(dir, name))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{'))) as { url: string };
    ids[fragment.url] = name.replace(/\.pf_fragment$/, '');
  }
  return ids;
}

export const searchIndexStep: PostBuildStep = {
  name: 'search index',
  async run({ outDir, delta }) {
    await writeSearchIndex(outDir, path.join(outDir, 'pagefind'));
    // What the search page loads (src/release/search/search-bundles.ts): this build's own index.
    await writeWhole(path.join(outDir, SEARCH_STATE_FILE), JSON.stringify(searchState('pagefind')));
    delta?.changed.add(SEARCH_STATE_FILE);
    // Compressed here, not by the precompress step, which runs beside this one (steps.ts).
    const index = await readdir(path.join(outDir, 'pagefind'), { recursive: true });
    await precompressFolder(outDir, {
      only: [SEARCH_STATE_FILE, ...index.map((f) => `pagefind/${f.split(path.sep).join('/')}`)],
    });
  },
};

// node src/release/search/search-index.ts <siteDir> <outputDir> [--no-precompress] [--pages <json list>] [--ids <json file>] [--cache-dir <folder>]
if (import.meta.main) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args.splice(at, 2)[1] : undefined;
  };
  const pagesFile = option('--pages');
  const idsFile = option('--ids');
  const cacheDir = option('--cache-dir');
  const [siteDir, outputPath, flag] = args;
  if (!siteDir || !outputPath)
    throw new Error(
      'usage: node src/release/search/search-index.ts <siteDir> <outputDir> [--no-precompress] [--pages <file>] [--ids <file>] [--cache-dir <folder>]',
    );
  const pages = pagesFile ? (JSON.parse(await readFile(pagesFile, 'utf8')) as string[]) : undefined;
  const count = await writeSearchIndex(path.resolve(siteDir), path.resolve(outputPath), pages);
  if (idsFile) await writeJsonWhole(idsFile, await resultIds(path.resolve(outputPath)));
  if (flag !== '--no-precompress') {
    // Served like the rest of the site: precompressed copies, reused by content hash (a cache of
    // its own: precompressFolder drops from its cache what the folder did not use).
    const root = path.resolve(import.meta.dirname, '../../..');
    const caches = path.resolve(root, cacheDir ?? 'node_modules/.astro');
    await precompressFolder(path.resolve(outputPath), {
      ...(pages ? {} : { cacheDir: path.join(caches, 'precompressed-search') }),
    });
  }
  console.log(`indexed ${count} pages`);
}
