// Post-build step, last: a brotli and a gzip copy beside each text file of the site (`x.html.br`,
// `x.html.gz`), sent as they are by `npm run serve` (and by nginx's gzip_static), so serving
// compresses nothing at run time and keeps nothing in memory.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { precompressFolder } from '../compression.ts';
import { defaultCacheDir, type PostBuildStep } from './context.ts';

export const precompressStep: PostBuildStep = {
  name: 'precompress',
  async run({ outDir, root, cacheDir, delta }) {
    if (delta) {
      // The unchanged files kept the previous release's copies (linked); the search index, when
      // this build wrote one, is new.
      const index = await readdir(path.join(outDir, 'pagefind'), { recursive: true }).catch(() => [] as string[]);
      const only = [...delta.changed, ...index.map((f) => `pagefind/${f.split(path.sep).join('/')}`)];
      await precompressFolder(outDir, { only });
      return;
    }
    // Kept beside Astro's cache, so successive builds (webhook releases) reuse unchanged copies.
    await precompressFolder(outDir, { cacheDir: path.join(cacheDir ?? defaultCacheDir(root), 'precompressed') });
  },
};
