// Post-build step, last: a brotli and a gzip copy beside each text file of the site (`x.html.br`,
// `x.html.gz`), sent as they are by `npm run serve` (and by nginx's gzip_static), so serving
// compresses nothing at run time and keeps nothing in memory.
import path from 'node:path';
import { precompressFolder } from '../../src/server/compression.ts';
import type { PostBuildStep } from './context.ts';

export const precompressStep: PostBuildStep = {
  name: 'precompress',
  async run({ outDir, root }) {
    // Kept beside Astro's cache, so successive builds (webhook releases) reuse unchanged copies.
    const cacheDir = path.resolve(root, process.env.ASTRO_CACHE_DIR || 'node_modules/.astro', 'precompressed');
    await precompressFolder(outDir, { cacheDir });
  },
};
