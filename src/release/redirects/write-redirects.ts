// Post-build step: the redirect list as static HTML pages, `_redirects` (Netlify / Cloudflare
// Pages) in the published folder, and an nginx include in the deploy folder; with them each
// language's `404.html` (language-404.ts), which the include and `_redirects` rely on. Its inputs come from
// the build itself (src/pages/redirect-inputs.json.ts), not from a second round of CMS requests.
import { DEPLOY_FILES, deployPath, readDeployJson, writeDeployJson } from '../deploy-files.ts';
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { mapInBatches } from '../build/batches.ts';
import {
  buildRedirects,
  netlifyRedirects,
  nginxConfig,
  redirectHtml,
  type Redirect,
  type RedirectInputs,
} from './redirects.ts';
import { writeWhole } from '../write-whole.ts';
import { recordBuildWarning, type BuildWarning } from '../../content/build-warnings.ts';
import { fileInRelease } from '../confine.ts';
import { checkRedirects } from './redirect-safety.ts';
import { siteFile } from '../../site/rules/site-path.ts';
import { keepWorkingRedirects } from './redirect-checks.ts';
import { writeLanguage404s } from './language-404.ts';
import { removePublished } from '../build/release-delta.ts';
import { linkFile } from '../hard-links.ts';
import type { BuildContext, PostBuildStep } from '../build/context.ts';

/** Written by src/pages/redirect-inputs.json.ts (its file name is its route). */
const INPUTS_FILE = 'redirect-inputs.json';

/** The stub page of a redirect this build wrote (redirects.json lists only those), site-relative. */
export function stubFile(r: Redirect): string {
  const file = siteFile(r.from);
  if (!file) throw new Error(`The redirect from ${JSON.stringify(r.from)} has no stub page.`);
  return file;
}

/** Removes a stub and its compressed copies, only inside the release (a stale entry may be hostile). */
async function removeStub(outDir: string, file: string): Promise<void> {
  await fileInRelease(outDir, file);
  await removePublished(outDir, file);
}

const leftOut = (r: Redirect, reason: string): BuildWarning => ({
  kind: 'broken-link',
  message: `The redirect from ${JSON.stringify(r.from)} to ${JSON.stringify(r.to)} was left out: ${reason}.`,
  page: r.from,
  target: r.to,
});

/**
 * What this step's outputs are made from, as a hash, when the builder knows its code (the resident
 * renderer): the code, the settings they name, the inputs, and the number of Astro's files. With
 * no file removed since the previous release, the same number means the same files (the release
 * is the previous one's files and the pages made again), so the same hash means the same outputs.
 * A setting `writeRedirects` comes to read joins the list here.
 */
function madeFrom(context: BuildContext, inputs: string): string | null {
  const { codeKey, delta, env, nginxRoot, finalDir, outDir, astroFiles } = context;
  if (!codeKey || !delta) return null;
  const settings = [codeKey, env.FRENCH_HOST ?? '', nginxRoot || (finalDir ?? outDir), astroFiles.size];
  return createHash('sha256').update(JSON.stringify(settings)).update(inputs).digest('base64url');
}

/** The redirect stubs, `_redirects`, the nginx include and the list, made from the inputs. */
async function writeRedirects(context: BuildContext, inputs: RedirectInputs, warn: (w: BuildWarning) => void) {
  const { outDir, finalDir, nginxRoot, deployDir, env, astroFiles, delta } = context;
  const warnLeftOut = (r: Redirect, reason: string) => warn(leftOut(r, reason));
  // Content is data: a redirect whose source or target is not safe to write is left out here,
  // before any file name or output line is made from it.
  const { safe, refused } = checkRedirects(buildRedirects(inputs));
  for (const { redirect, reason } of refused) warnLeftOut(redirect, reason);
  let list = await keepWorkingRedirects(safe, astroFiles, inputs, warn);
  // From a previous release: its stubs are here already (linked); write the new and changed
  // ones, remove those gone (unless a page of this build took the address).
  const previous = new Map<string, string>();
  if (delta) {
    const before = (await readDeployJson(delta.previousDeploy, DEPLOY_FILES.redirects)) ?? [];
    const kept = new Set(list.map((r) => r.from));
    for (const r of before) {
      previous.set(r.from, JSON.stringify(r));
      const file = siteFile(r.from);
      if (!file || kept.has(r.from) || astroFiles.has(file)) continue;
      const removed = await removeStub(outDir, file).then(
        () => true,
        () => false,
      );
      if (removed) delta.removed.add(file);
    }
  }
  const write = list.filter(
    (r) => previous.get(r.from) !== JSON.stringify(r) || delta?.changed.has(siteFile(r.from) ?? ''),
  );
  // One stub per redirect (thousands on a large site: every listed node's other-language slug).
  // A stub that cannot be written where it belongs (a file is in the way) is left out, not fatal.
  const unwritten = new Set<string>();
  await mapInBatches(write, async (r) => {
    const file = siteFile(r.from);
    const html = redirectHtml(r);
    try {
      if (!file || !html) throw new Error('its address is not a path of the site');
      const at = await fileInRelease(outDir, file, { create: true });
      if (delta) {
        await removeStub(outDir, file);
        delta.changed.add(file);
      }
      await writeWhole(at, html);
    } catch (error) {
      unwritten.add(r.from);
      warnLeftOut(r, (error as Error).message);
    }
  });
  if (unwritten.size > 0) list = list.filter((r) => !unwritten.has(r.from));
  await writeWhole(path.join(outDir, '_redirects'), netlifyRedirects(list));
  delta?.changed.add('_redirects');
  await writeWhole(
    deployPath(deployDir, DEPLOY_FILES.nginx),
    nginxConfig(list, {
      frenchHost: env.FRENCH_HOST,
      // nginxRoot: the publisher gives RELEASES_DIR/current/site, so nginx follows the atomic
      // switch of the `current` symlink (and a rollback) without a new include.
      root: nginxRoot || (finalDir ?? outDir),
    }),
  );
  await writeDeployJson(deployDir, DEPLOY_FILES.redirects, list);
}

/**
 * The previous release's outputs as this one's: its stubs and `_redirects` are linked here already,
 * and its include and list are linked too (a release's files are replaced, never written in place).
 */
async function reuseRedirects(previousDeploy: string, deployDir: string) {
  for (const file of [DEPLOY_FILES.nginx, DEPLOY_FILES.redirects])
    await linkFile(deployPath(previousDeploy, file), deployPath(deployDir, file));
}

export const redirectsStep: PostBuildStep = {
  name: 'redirects',
  async run(context) {
    const { outDir, deployDir, delta } = context;
    const nothingRemoved = delta?.removed.size === 0;
    const given: BuildWarning[] = [];
    // Into the build's own warnings (the deploy folder), read by the publisher.
    const warn = (warning: BuildWarning) => {
      given.push(warning);
      recordBuildWarning(warning, deployPath(deployDir, DEPLOY_FILES.buildWarnings));
    };
    const inputsFile = path.join(outDir, INPUTS_FILE);
    const inputs = await readFile(inputsFile, 'utf8');
    await rm(inputsFile);
    const from = madeFrom(context, inputs);
    const before =
      from && delta && nothingRemoved ? await readDeployJson(delta.previousDeploy, DEPLOY_FILES.redirectsMade) : null;
    if (from && delta && before?.from === from) {
      // An edit that leaves every address as it was (most of them): 0.3 s at 20,000 redirects.
      for (const warning of before.warnings) warn(warning);
      await reuseRedirects(delta.previousDeploy, deployDir);
    } else {
      await writeRedirects(context, JSON.parse(inputs) as RedirectInputs, warn);
    }
    await writeLanguage404s(outDir, delta);
    if (from) await writeDeployJson(deployDir, DEPLOY_FILES.redirectsMade, { from, warnings: given });
  },
};
