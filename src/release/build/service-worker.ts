// Post-build step: the site's service worker (src/features/offline/ui/service-worker.ts) bundled
// into one classic script at the site root, `/sw.js`, a stable name so its scope is the whole site
// and browsers find its updates there (served `Cache-Control: no-cache`, see headers/). Its first
// line names the offline pages' content: when a release changes them, the worker's bytes change,
// browsers install it again and it fetches the new offline page; otherwise the worker stays as it is.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { OFFLINE_PAGES, WORKER_PATH } from '../../features/offline/rules/policy.ts';
import { siteFile } from '../../site/rules/site-path.ts';
import { writeWhole } from '../write-whole.ts';
import type { PostBuildStep } from './context.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../features/offline/ui/service-worker.ts');

/** The worker's script: minified, self-contained, for browsers of the last few years. */
async function serviceWorkerScript(offlinePages: string[]): Promise<string> {
  const version = createHash('sha256');
  for (const page of offlinePages) version.update(page);
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    write: false,
    legalComments: 'none',
    banner: { js: `/* offline pages ${version.digest('hex').slice(0, 16)} */` },
  });
  return result.outputFiles[0]!.text;
}

export const serviceWorkerStep: PostBuildStep = {
  name: 'service worker',
  async run({ outDir, delta }) {
    const pages = await Promise.all(
      Object.values(OFFLINE_PAGES).map((page) => readFile(path.join(outDir, siteFile(page)!), 'utf8')),
    );
    const file = WORKER_PATH.slice(1);
    await writeWhole(path.join(outDir, file), await serviceWorkerScript(pages));
    delta?.changed.add(file);
  },
};
