// Post-build step: the redirect list as static HTML pages, `_redirects` (Netlify / Cloudflare
// Pages) in the published folder, and an nginx include in the deploy folder. Its inputs come from
// the build itself (src/pages/redirect-inputs.json.ts), not from a second round of CMS requests.
import { readJsonFile, REDIRECTS } from '../../src/build/deploy-files.ts';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapInBatches } from '../../src/build/batches.ts';
import {
  buildRedirects,
  netlifyRedirects,
  nginxConfig,
  redirectHtml,
  type Redirect,
  type RedirectInputs,
} from '../../src/build/redirects.ts';
import { replaceFile } from '../../src/server/publish/hard-links.ts';
import { keepWorkingRedirects } from './redirect-checks.ts';
import { removePublished } from './release-delta.ts';
import type { PostBuildStep } from './context.ts';

/** Written by src/pages/redirect-inputs.json.ts (its file name is its route). */
const INPUTS_FILE = 'redirect-inputs.json';

/** The stub page of a redirect, site-relative. */
export function stubFile(r: Redirect): string {
  return [...r.from.split('/').filter(Boolean).map(decodeURIComponent), 'index.html'].join('/');
}

export const redirectsStep: PostBuildStep = {
  name: 'redirects',
  async run({ outDir, finalDir, deployDir, env, astroFiles, delta }) {
    const inputsFile = path.join(outDir, INPUTS_FILE);
    const inputs = JSON.parse(await readFile(inputsFile, 'utf8')) as RedirectInputs;
    await rm(inputsFile);
    const list = await keepWorkingRedirects(buildRedirects(inputs), astroFiles, inputs);
    // From a previous release: its stubs are here already (linked); write the new and changed
    // ones, remove those gone (unless a page of this build took the address).
    const previous = new Map<string, string>();
    if (delta) {
      const before = (await readJsonFile<Redirect[]>(path.join(delta.previousDeploy, REDIRECTS))) ?? [];
      const kept = new Set(list.map((r) => r.from));
      for (const r of before) {
        previous.set(r.from, JSON.stringify(r));
        const file = stubFile(r);
        if (kept.has(r.from) || astroFiles.has(file)) continue;
        await removePublished(outDir, file);
        delta.removed.add(file);
      }
    }
    const write = list.filter((r) => previous.get(r.from) !== JSON.stringify(r) || delta?.changed.has(stubFile(r)));
    // One stub per redirect (thousands on a large site: every listed node's other-language slug).
    await mapInBatches(write, async (r) => {
      const file = stubFile(r);
      await mkdir(path.join(outDir, path.dirname(file)), { recursive: true });
      if (delta) {
        await removePublished(outDir, file);
        delta.changed.add(file);
      }
      await replaceFile(path.join(outDir, file), redirectHtml(r));
    });
    await replaceFile(path.join(outDir, '_redirects'), netlifyRedirects(list));
    delta?.changed.add('_redirects');
    await writeFile(
      path.join(deployDir, 'nginx.conf'),
      nginxConfig(list, {
        frenchHost: env.FRENCH_HOST,
        // NGINX_ROOT: the publisher sets it to RELEASES_DIR/current/site, so nginx follows the atomic
        // switch of the `current` symlink (and a rollback) without a new include.
        root: process.env.NGINX_ROOT || (finalDir ?? outDir),
      }),
    );
    await writeFile(path.join(deployDir, REDIRECTS), JSON.stringify(list, null, 2));
  },
};
