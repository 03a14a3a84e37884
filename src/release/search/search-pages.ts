// Post-build step: the list of pages the search index holds (those marked data-pagefind-body),
// in <deployDir>/search-pages.json. The publisher compares it with the pages the live index offers
// to know whether a release may go live before its own index: never when a page left the index.
// A build from a previous release starts from that release's list and reads only its changed pages.
import { DEPLOY_FILES, readDeployJson, writeDeployJson } from '../deploy-files.ts';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mapInBatches } from '../build/batches.ts';
import type { PostBuildStep } from '../build/context.ts';

/** The pages Pagefind may index (src/release/search/search-index.ts), site-relative. */
const CANDIDATE = /^(en|fr)\/(program|simple_page|complex_page)\/.*\.html$/;

async function candidates(outDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const lang of ['en', 'fr']) {
    for (const type of ['program', 'simple_page', 'complex_page']) {
      const files = await readdir(path.join(outDir, lang, type), { recursive: true }).catch(() => [] as string[]);
      for (const f of files) if (f.endsWith('.html')) found.push(`${lang}/${type}/${f.split(path.sep).join('/')}`);
    }
  }
  return found;
}

export const searchPagesStep: PostBuildStep = {
  name: 'search pages',
  async run({ outDir, deployDir, delta }) {
    let pages = new Set<string>();
    let todo: string[];
    if (delta) {
      const before = await readDeployJson(delta.previousDeploy, DEPLOY_FILES.searchPages);
      if (before) {
        pages = new Set(before.filter((p) => !delta.changed.has(p.slice(1)) && !delta.removed.has(p.slice(1))));
        todo = [...delta.changed].filter((f) => CANDIDATE.test(f));
      } else todo = await candidates(outDir);
    } else todo = await candidates(outDir);
    const marked = await mapInBatches(
      todo,
      async (f) => (await readFile(path.join(outDir, f), 'utf8')).includes('data-pagefind-body'),
      64,
    );
    todo.forEach((f, i) => marked[i] && pages.add(`/${f}`));
    await writeDeployJson(deployDir, DEPLOY_FILES.searchPages, [...pages].sort());
  },
};
