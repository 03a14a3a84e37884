// @ts-check
// The bare fixture of `npm run bench`: plain Astro, no content layer, no islands, no incremental
// cache, BARE_PAGES pages of about the size of a program page. What the project's cold build is
// compared with (with a bare Pagefind run over the project's own output).
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  outDir: process.env.BARE_OUT_DIR || './dist',
  cacheDir: process.env.BARE_CACHE_DIR || './node_modules/.astro',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
});
