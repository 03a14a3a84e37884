// Each language's error page as `<lang>/404.html`: where Cloudflare Pages looks for it (the nearest
// 404.html up the folders of the missing path, then the bilingual root 404.html), and where the
// nginx include and `npm run serve` send a missing /en/ or /fr/ path too. A copy of the language's
// error page (`/en/error`), so that every host answers with the same page.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { languages } from '../../i18n/languages.ts';
import { removePublished } from '../build/release-delta.ts';
import type { ReleaseDelta } from '../build/release-delta.ts';
import { writeWhole } from '../write-whole.ts';

/** The error page a missing path of `lang` is answered with, site-relative. */
export const notFoundFile = (lang: string) => `${lang}/404.html`;

export async function writeLanguage404s(outDir: string, delta?: ReleaseDelta): Promise<void> {
  for (const lang of languages) {
    const source = `${lang}/error.html`;
    if (delta && !delta.changed.has(source)) continue;
    const target = notFoundFile(lang);
    // A site without the page (a test's few files) keeps the root 404.html for every path.
    const page = await readFile(path.join(outDir, source)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!page) continue;
    // The live release's copy may be a hard link: removed (with its compressed copies), written anew.
    await removePublished(outDir, target);
    await writeWhole(path.join(outDir, target), page);
    delta?.changed.add(target);
  }
}
