// Post-build step: the Pagefind index of the built pages. Only pages marked data-pagefind-body
// (published, searchable programs, simple and complex pages) are indexed; Pagefind splits the
// index by the pages' <html lang>, so French searches only French pages.
import path from 'node:path';
import type { PostBuildStep } from './steps.ts';

export const searchIndexStep: PostBuildStep = {
  name: 'search index',
  async run({ outDir }) {
    const pagefind = await import('pagefind');
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: outDir, glob: '{en,fr}/{program,simple_page,complex_page}/**/*.html' });
    if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    await pagefind.close();
    if (added.page_count === 0) throw new Error('Pagefind indexed no page: listed pages lost their data-pagefind-body markup.');
  },
};
