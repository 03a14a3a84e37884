// Static paths of the all-programs list (page 1 at /[lang]/programs, the rest at
// /[lang]/programs/page/[page]), both languages. Each page's props are what it renders: its own
// slice of the listed entries by title, and of the rest only counts, so an edit of a listed
// program makes again the one page that shows it, not a page as large as the site.
import { listedByTitle } from './content.ts';
import { pageCacheKey } from './cache-key.ts';
import { ALL_PROGRAMS_PAGE_SIZE, pageCount } from '../site/rules/paths.ts';
import { languages, otherLang } from '../i18n/languages.ts';
import { oncePerContent } from './resident-content.ts';

export const allProgramsPaths = oncePerContent(async () => {
  const byTitle = await listedByTitle();
  const paths = [];
  for (const lang of languages) {
    const entries = byTitle.get(lang)!;
    const totalPages = pageCount(entries.length, ALL_PROGRAMS_PAGE_SIZE);
    // The other language's list may be shorter: its page N then does not exist.
    const otherPages = pageCount(byTitle.get(otherLang(lang))!.length, ALL_PROGRAMS_PAGE_SIZE);
    for (let page = 1; page <= totalPages; page++) {
      const shown = entries.slice((page - 1) * ALL_PROGRAMS_PAGE_SIZE, page * ALL_PROGRAMS_PAGE_SIZE);
      const props = { lang, page, totalPages, otherPages, found: entries.length, shown };
      const params = page === 1 ? { lang } : { lang, page: String(page) };
      paths.push({ params, props, cacheKey: pageCacheKey(props) });
    }
  }
  return paths;
});
