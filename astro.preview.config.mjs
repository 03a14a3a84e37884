// @ts-check
// The draft preview server (src/site/preview/): on-demand rendering of one node's latest revision with
// the site's own layout and components. A separate build (`npm run build:preview`, into
// dist-preview/) so the public site stays a static build; served under /preview by the intake
// service when PREVIEW_TOKEN is set.
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, passthroughImageService } from 'astro/config';
import { currentSiteEnv } from './src/config/site-env.ts';
import { whenUsedDirective } from './src/site/islands/when-used/integration.ts';

// The build's settings (src/config/site-env.ts): SITE_URL and PREVIEW_OUT_DIR.
const env = currentSiteEnv();

export default defineConfig({
  site: env.SITE_URL,
  srcDir: './src/site/preview',
  base: '/preview',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  outDir: env.PREVIEW_OUT_DIR,
  cacheDir: './node_modules/.astro-preview',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  // Draft images are shown from the CMS as they are: no transforms on a preview.
  image: { service: passthroughImageService() },
  integrations: [react(), whenUsedDirective()],
  prefetch: false,
  devToolbar: { enabled: false },
});
