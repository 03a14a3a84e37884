// @ts-check
// The resident renderer's server build (src/release/resident/): the public site's own pages and
// settings (astro.config.mjs), built for on-demand rendering so a warm process can render the pages
// a change touches with the same components and the same client assets as the static build. Its
// content comes from the renderer's memory (src/content/resident-content.ts). The renderer gives
// the output folder (src/release/resident/). Through Astro's public Adapter API: an adapter of its
// own whose server entry exports Astro's app (src/release/resident/server-entry.ts), and two routes
// of its own: the props hash of every page (props-hashes-route.ts) and the canary that proves what
// the renderer assumes of Astro's internals (resident-canary.astro, astro-internals.ts).
import staticConfig from './astro.config.mjs';
import { defineConfig } from 'astro/config';

// The static config has no i18n; left out, its empty type would not fit defineConfig's.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { i18n, ...shared } = staticConfig;

const name = 'resident-renderer';

export default defineConfig({
  ...shared,
  output: 'server',
  // An adapter is an integration Astro runs after the others: its routes, then its server entry.
  adapter: {
    name,
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        injectRoute({
          pattern: '/resident-props-hashes.json',
          entrypoint: './src/release/resident/props-hashes-route.ts',
          prerender: false,
        });
        injectRoute({
          pattern: '/resident-canary/[canary]',
          entrypoint: './src/release/resident/resident-canary.astro',
          prerender: false,
        });
      },
      'astro:config:done': ({ setAdapter }) =>
        setAdapter({
          name,
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./src/release/resident/server-entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'stable',
            hybridOutput: 'stable',
            sharpImageService: 'stable',
          },
        }),
    },
  },
  cacheDir: './node_modules/.astro-resident',
  experimental: {},
});
