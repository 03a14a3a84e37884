// Post-build step: the redirect list as static HTML pages, `_redirects` (Netlify / Cloudflare
// Pages) in the published folder, and an nginx include in the deploy folder. Its inputs come from
// the build itself (src/pages/redirect-inputs.json.ts), not from a second round of CMS requests.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapInBatches } from '../../src/build/batches.ts';
import {
  buildRedirects,
  netlifyRedirects,
  nginxConfig,
  redirectHtml,
  type RedirectInputs,
} from '../../src/build/redirects.ts';
import { keepWorkingRedirects } from './redirect-checks.ts';
import type { PostBuildStep } from './context.ts';

/** Written by src/pages/redirect-inputs.json.ts (its file name is its route). */
const INPUTS_FILE = 'redirect-inputs.json';

export const redirectsStep: PostBuildStep = {
  name: 'redirects',
  async run({ outDir, finalDir, deployDir, env }) {
    const inputsFile = path.join(outDir, INPUTS_FILE);
    const inputs = JSON.parse(await readFile(inputsFile, 'utf8')) as RedirectInputs;
    await rm(inputsFile);
    const list = await keepWorkingRedirects(buildRedirects(inputs), outDir, inputs);
    // One stub per redirect (thousands on a large site: every listed node's other-language slug).
    await mapInBatches(list, async (r) => {
      const dir = path.join(outDir, ...r.from.split('/').filter(Boolean).map(decodeURIComponent));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'index.html'), redirectHtml(r));
    });
    await writeFile(path.join(outDir, '_redirects'), netlifyRedirects(list));
    await writeFile(
      path.join(deployDir, 'nginx.conf'),
      nginxConfig(list, {
        frenchHost: env.FRENCH_HOST,
        // NGINX_ROOT: the publisher sets it to RELEASES_DIR/current/site, so nginx follows the atomic
        // switch of the `current` symlink (and a rollback) without a new include.
        root: process.env.NGINX_ROOT || (finalDir ?? outDir),
      }),
    );
    await writeFile(path.join(deployDir, 'redirects.json'), JSON.stringify(list, null, 2));
  },
};
