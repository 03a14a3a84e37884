// Post-build step: the redirect list as static HTML pages, `_redirects` (Netlify / Cloudflare
// Pages) in the published folder, and an nginx include in the deploy folder.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { collectSource } from '../../src/cms/collect.ts';
import type { VanityEntry } from '../../src/cms/entries.ts';
import { createJsonApiClient } from '../../src/cms/jsonapi-client.ts';
import * as sources from '../../src/cms/sources.ts';
import { buildRedirects, netlifyRedirects, nginxConfig, redirectHtml } from '../../src/logic/routes/redirects.ts';
import type { PostBuildStep } from './steps.ts';

export const redirectsStep: PostBuildStep = {
  name: 'redirects',
  async run({ outDir, finalDir, deployDir, cmsUrl, env }) {
    const client = createJsonApiClient({ baseUrl: cmsUrl });
    const [landing, vanities, programs, simple, complex, pages] = await Promise.all([
      collectSource(client, sources.landingPageSource, cmsUrl),
      collectSource(client, sources.vanitySource, cmsUrl),
      collectSource(client, sources.programSource, cmsUrl),
      collectSource(client, sources.simplePageSource, cmsUrl),
      collectSource(client, sources.complexPageSource, cmsUrl),
      collectSource(client, sources.pageSource, cmsUrl),
    ]);
    const translations = [programs, simple, complex, pages].flatMap((c) => c.entries.map((e) => ({ id: e.id, lang: e.lang, alias: (e.data as { alias: string }).alias })));
    const list = buildRedirects({
      landingPages: landing.entries.map((e) => ({ id: e.id, lang: e.lang, alias: (e.data as { alias: string }).alias })),
      vanities: vanities.entries.map((e) => e.data as VanityEntry),
      translations,
    });
    for (const r of list) {
      const dir = path.join(outDir, ...r.from.split('/').filter(Boolean).map(decodeURIComponent));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'index.html'), redirectHtml(r));
    }
    await writeFile(path.join(outDir, '_redirects'), netlifyRedirects(list));
    await writeFile(path.join(deployDir, 'nginx.conf'), nginxConfig(list, { frenchHost: env.FRENCH_HOST, // NGINX_ROOT: the publisher sets it to RELEASES_DIR/current/site, so nginx follows the atomic
    // switch of the `current` symlink (and a rollback) without a new include.
    root: process.env.NGINX_ROOT || (finalDir ?? outDir) }));
    await writeFile(path.join(deployDir, 'redirects.json'), JSON.stringify(list, null, 2));
  },
};
