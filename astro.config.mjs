// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { currentSiteEnv, exposeIntakeUrl } from './src/config/site-env.ts';
import { IMAGE_SERVICE } from './src/site/images/image-service-entry.ts';
import { browserTarget } from './src/release/build/browser-target.ts';
import { pageScriptCopies } from './src/release/build/page-script-copies.ts';
import { whenUsedDirective } from './src/site/islands/when-used/integration.ts';

// The build's settings (src/config/site-env.ts), as the environment has them now.
const env = currentSiteEnv();
const cmsUrl = env.CMS_URL ? new URL(env.CMS_URL) : undefined;
// Islands read the intake service's origin from PUBLIC_INTAKE_URL (empty: same origin).
exposeIntakeUrl(env);

export default defineConfig({
  site: env.SITE_URL,
  output: 'static',
  outDir: env.OUT_DIR,
  cacheDir: env.ASTRO_CACHE_DIR,
  // Every page is one file, `en/home.html`, served at its one address `/en/home` by nginx, `npm run
  // serve`, Cloudflare Pages and Netlify alike; a folder's index.html would make the CDNs 308 every
  // slash-less link to `/en/home/` (docs/deployment.md).
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'never' },
  // CMS images are fetched at build time and served from our own origin, optimized, each named by
  // its path on the CMS (src/site/images/image-service.ts).
  image: {
    service: { entrypoint: IMAGE_SERVICE },
    ...(cmsUrl ? { remotePatterns: [{ protocol: cmsUrl.protocol.replace(':', ''), hostname: cmsUrl.hostname }] } : {}),
  },
  integrations: [react(), whenUsedDirective()],
  prefetch: false,
  devToolbar: { enabled: false },
  // Page scripts stay inline though they share the string mechanism (page-script-copies.ts), up to
  // 6 KB: Vite's 4 KB default put the finder's whole-sentence script one request away (the budget
  // test, tests/site/budgets.test.ts, holds it to 5 KB of JavaScript gzip). Other assets: the default.
  vite: {
    plugins: [pageScriptCopies()],
    // Shipped scripts are held to the browser target, docs/browser-support.md (tests/site/browser-target.test.ts).
    build: {
      target: browserTarget,
      assetsInlineLimit: (file, content) => (file.endsWith('.js') ? content.length < 6 * 1024 : undefined),
    },
  },
  // Pages whose getStaticPaths() gives a cacheKey (src/content/cache-key.ts) are copied from
  // the last build's cache when their data and code are unchanged: a one-node edit re-renders
  // only the pages that show it.
  experimental: { incrementalBuild: true },
});
