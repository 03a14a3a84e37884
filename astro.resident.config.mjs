// @ts-check
// The resident renderer's server build (src/release/resident/): the public site's own pages and
// settings (astro.config.mjs), built for on-demand rendering with @astrojs/node in middleware mode
// so a warm process can render the pages a change touches with the same components and the same
// client assets as the static build. Its content comes from the renderer's memory
// (src/content/resident-content.ts). The renderer gives the output folder (src/release/resident/).
// One route of its own: the props hash of every page (src/release/resident/props-hashes-route.ts).
import node from '@astrojs/node';
import staticConfig from './astro.config.mjs';
import { defineConfig } from 'astro/config';

// The static config has no i18n; left out, its empty type would not fit defineConfig's.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { i18n, ...shared } = staticConfig;

export default defineConfig({
  ...shared,
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    ...(shared.integrations ?? []),
    {
      name: 'resident-props-hashes',
      hooks: {
        'astro:config:setup': ({ injectRoute }) =>
          injectRoute({
            pattern: '/resident-props-hashes.json',
            entrypoint: './src/release/resident/props-hashes-route.ts',
            prerender: false,
          }),
      },
    },
  ],
  cacheDir: './node_modules/.astro-resident',
  experimental: {},
});
