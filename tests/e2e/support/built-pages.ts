// The real pages of the e2e build, read from its files: `/en/program/x` for `en/program/x.html`
// (a folder's own page, `x/index.html`, as `/en/x`), redirect stubs left out. Read when a test
// runs (the web server builds the site after the test files are collected).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const distDir = path.resolve(import.meta.dirname, '../../..', process.env.E2E_DIST || 'dist-e2e');

/** The file a page's address is served from. */
const fileOf = (p: string) => {
  const file = path.join(distDir, `${p}.html`);
  return existsSync(file) ? file : path.join(distDir, p, 'index.html');
};

export function builtPages(lang: 'en' | 'fr'): string[] {
  const top = path.join(distDir, lang);
  if (!existsSync(top)) return [];
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html') && !/http-equiv="refresh"/i.test(readFileSync(full, 'utf8')))
        pages.push(
          `/${path
            .relative(distDir, full)
            .split(path.sep)
            .join('/')
            .replace(/(\/index)?\.html$/, '')}`,
        );
    }
  };
  walk(top);
  return pages.sort();
}

/** The page's type: the second segment of its path (`program`, `map`, `home`…). */
export const pageType = (p: string) => p.split('/')[2] ?? 'root';

/** The built HTML of a page listed by builtPages. */
export const builtHtml = (p: string) => readFileSync(fileOf(p), 'utf8');
