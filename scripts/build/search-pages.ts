// Post-build step: the list of pages the search index holds (those marked data-pagefind-body),
// in <deployDir>/search-pages.json. The publisher compares it with the pages the live index offers
// to know whether a release may go live before its own index: never when a page left the index.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PostBuildStep } from './context.ts';

const SEARCH_PAGES_FILE = 'search-pages.json';

export const searchPagesStep: PostBuildStep = {
  name: 'search pages',
  async run({ outDir, deployDir }) {
    const candidates: string[] = [];
    for (const lang of ['en', 'fr']) {
      for (const type of ['program', 'simple_page', 'complex_page']) {
        const files = await readdir(path.join(outDir, lang, type), { recursive: true }).catch(() => [] as string[]);
        for (const f of files) if (f.endsWith('.html')) candidates.push(path.join(lang, type, f));
      }
    }
    const pages: string[] = [];
    for (let i = 0; i < candidates.length; i += 64) {
      const batch = candidates.slice(i, i + 64);
      const marked = await Promise.all(
        batch.map(async (f) => (await readFile(path.join(outDir, f), 'utf8')).includes('data-pagefind-body')),
      );
      batch.forEach((f, j) => marked[j] && pages.push(`/${f.split(path.sep).join('/')}`));
    }
    await writeFile(path.join(deployDir, SEARCH_PAGES_FILE), JSON.stringify(pages.sort()));
  },
};
