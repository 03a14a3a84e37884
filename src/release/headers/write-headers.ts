// Post-build step: security and cache headers for the static site, written for Netlify /
// Cloudflare Pages (`_headers` in the published folder), for nginx (`security-headers.conf`
// in the deploy folder) and for the intake service's static server (`headers.json`).
import { DEPLOY_FILES, deployPath, readDeployJson, writeDeployJson } from '../deploy-files.ts';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mapInBatches } from '../build/batches.ts';
import {
  cacheRules,
  inlineScriptHashes,
  MAX_HEADER_RULES,
  PLAIN_NAME,
  rootRedirectEntries,
  netlifyHeaders,
  nginxHeaders,
  securityHeaders,
  type SiteEntry,
} from './security-headers.ts';
import { writeWhole } from '../write-whole.ts';
import type { PostBuildStep } from '../build/context.ts';

/**
 * The top-level entries of the published folder that `_headers` gives a cache rule (cdnCacheRules):
 * its folders and files, the root 404 page by its address (`/404`). Not the CDN's own files, the
 * compressed copies (or the temporary files of the compression step, which runs beside this one),
 * the search index's folders (`/pagefind/*` has its own rule),
 * nor the other root pages: `/` and the vanity stubs are redirects, which answer before any file
 * (rootRedirects gives them their rules). A name outside the plain path characters keeps the
 * host's default.
 */
async function siteEntries(dir: string): Promise<SiteEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return (
    entries
      .filter((e) => e.isDirectory() || e.name === '404.html' || !/(\.html|\.br|\.gz|\.tmp)$/.test(e.name))
      // Nor the search index's folders: a release built on the live one has its own
      // (`pagefind-<release>-…`), which a full build of the same content has not.
      .filter((e) => !/^(\.|_headers$|_redirects$|pagefind)/.test(e.name))
      .map((e) => ({ name: e.isDirectory() ? e.name : e.name.replace(/\.html$/, ''), folder: e.isDirectory() }))
      .filter((e) => PLAIN_NAME.test(e.name))
  );
}

/** The redirects from the root (`/dental`, `/en`), from the list the redirects step, run before this one, wrote. */
async function rootRedirects(deployDir: string): Promise<SiteEntry[]> {
  return rootRedirectEntries(((await readDeployJson(deployDir, DEPLOY_FILES.redirects)) ?? []).map((r) => r.from));
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

export const securityHeadersStep: PostBuildStep = {
  name: 'security headers',
  async run({ outDir, deployDir, env, delta }) {
    let byPage: Record<string, string[]> = {};
    let todo: string[];
    if (delta) {
      byPage = (await readDeployJson(delta.previousDeploy, DEPLOY_FILES.scriptHashes)) ?? {};
      for (const file of [...delta.removed, ...delta.changed]) delete byPage[file];
      todo = [...delta.changed].filter((f) => f.endsWith('.html'));
    } else {
      todo = await htmlFiles(outDir);
    }
    const texts = await mapInBatches(todo, (file) => readFile(path.join(outDir, file), 'utf8'));
    texts.forEach((text, i) => {
      const found = inlineScriptHashes(text);
      if (found.length > 0) byPage[todo[i]!] = found;
    });
    await writeDeployJson(
      deployDir,
      DEPLOY_FILES.scriptHashes,
      Object.fromEntries(Object.entries(byPage).sort(([a], [b]) => (a < b ? -1 : 1))),
    );
    const hashes = new Set(Object.values(byPage).flat());
    const headers = securityHeaders({
      scriptHashes: [...hashes].sort(),
      chatUrls: [env.CHAT_URL_EN, env.CHAT_URL_FR],
      tileUrl: env.MAP_TILE_URL,
      intakeUrl: env.INTAKE_URL,
      analyticsUrl: env.ANALYTICS_URL,
    });
    // Past Pages' rule count the operator's way is a CDN cache rule (docs/deployment.md): the build log says so.
    const leftOut = (patterns: string[]) =>
      console.warn(
        `[headers] Cloudflare Pages reads at most ${MAX_HEADER_RULES} header rules: ${patterns.length} redirects from the root get no Cache-Control there (${patterns.slice(0, 5).join(', ')}${patterns.length > 5 ? ', …' : ''}); add a cache rule for them on the CDN.`,
      );
    const entries = [...(await siteEntries(outDir)), ...(await rootRedirects(deployDir))];
    await writeWhole(path.join(outDir, '_headers'), netlifyHeaders(headers, cacheRules, entries, leftOut));
    delta?.changed.add('_headers');
    await writeWhole(deployPath(deployDir, DEPLOY_FILES.nginxHeaders), nginxHeaders(headers));
    await writeDeployJson(deployDir, DEPLOY_FILES.headers, { headers, cacheRules });
  },
};
