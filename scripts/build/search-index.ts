// Post-build step: the Pagefind index of the built pages. Only pages marked data-pagefind-body
// (published, searchable programs, simple and complex pages) are indexed; Pagefind splits the
// index by the pages' <html lang>, so French searches only French pages.
// Also runnable on its own (`node scripts/build/search-index.ts <siteDir> <outputDir>`, then
// precompressed unless `--no-precompress`): the publisher indexes a release that is already live
// (src/server/publish/search-bundles.ts); the bench times a bare Pagefind run (scripts/bench/bare.ts).
import path from 'node:path';
import type { PostBuildStep } from './context.ts';

const SEARCHABLE_GLOB = '{en,fr}/{program,simple_page,complex_page}/**/*.html';

async function writeSearchIndex(siteDir: string, outputPath: string): Promise<number> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: siteDir, glob: SEARCHABLE_GLOB });
  if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  if (added.page_count === 0)
    throw new Error('Pagefind indexed no page: listed pages lost their data-pagefind-body markup.');
  return added.page_count;
}

export const searchIndexStep: PostBuildStep = {
  name: 'search index',
  async run({ outDir }) {
    await writeSearchIndex(outDir, path.join(outDir, 'pagefind'));
  },
};

if (import.meta.main) {
  const [siteDir, outputPath, flag] = process.argv.slice(2);
  if (!siteDir || !outputPath)
    throw new Error('usage: node scripts/build/search-index.ts <siteDir> <outputDir> [--no-precompress]');
  const pages = await writeSearchIndex(path.resolve(siteDir), path.resolve(outputPath));
  if (flag !== '--no-precompress') {
    // Served like the rest of the site: precompressed copies, reused by content hash (a cache of
    // its own: precompressFolder drops from its cache what the folder did not use).
    const { precompressFolder } = await import('../../src/server/compression.ts');
    const root = path.resolve(import.meta.dirname, '../..');
    await precompressFolder(path.resolve(outputPath), {
      cacheDir: path.resolve(root, process.env.ASTRO_CACHE_DIR || 'node_modules/.astro', 'precompressed-search'),
    });
  }
  console.log(`indexed ${pages} pages`);
}
