// Post-build step, beside the search index (after the redirect stubs): a brotli and a gzip copy
// beside each text file of the site (`x.html.br`, `x.html.gz`), sent as they are by `npm run serve`,
// so serving compresses nothing at run time and keeps nothing in memory.
import path from 'node:path';
import { SEARCH_STATE_FILE } from '../../features/search/rules/state.ts';
import { precompressFolder } from '../compression.ts';
import { defaultCacheDir, type PostBuildStep } from './context.ts';

/** Written by the search index step while this one runs, and compressed by it (search-index.ts). */
const searchOutput = (file: string) => file === SEARCH_STATE_FILE || file.startsWith('pagefind/');

export const precompressStep: PostBuildStep = {
  name: 'precompress',
  async run({ outDir, root, cacheDir, delta }) {
    if (delta) {
      // The unchanged files kept the previous release's copies (linked).
      await precompressFolder(outDir, { only: [...delta.changed].filter((f) => !searchOutput(f)) });
      return;
    }
    // Kept beside Astro's cache, so successive builds (webhook releases) reuse unchanged copies.
    await precompressFolder(outDir, {
      cacheDir: path.join(cacheDir ?? defaultCacheDir(root), 'precompressed'),
      skip: searchOutput,
    });
  },
};
