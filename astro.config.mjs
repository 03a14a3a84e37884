// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const cmsUrl = process.env.CMS_URL ? new URL(process.env.CMS_URL) : undefined;
// Islands read the intake service's origin from PUBLIC_INTAKE_URL (empty: same origin).
process.env.PUBLIC_INTAKE_URL ??= process.env.INTAKE_URL ?? '';

export default defineConfig({
  site: process.env.SITE_URL || 'http://127.0.0.1:4321',
  output: 'static',
  outDir: process.env.OUT_DIR || './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  // CMS images are fetched at build time and served from our own origin, optimized.
  image: cmsUrl ? { remotePatterns: [{ protocol: cmsUrl.protocol.replace(':', ''), hostname: cmsUrl.hostname }] } : {},
  integrations: [react()],
  prefetch: false,
  devToolbar: { enabled: false },
  // Pages whose getStaticPaths() gives a cacheKey (src/content/cache-key.ts) are copied from
  // the last build's cache when their data and code are unchanged: a one-node edit re-renders
  // only the pages that show it.
  experimental: { incrementalBuild: true },
});
