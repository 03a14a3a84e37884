// Static paths of the all-programs list (page 1 at /[lang]/programs, the rest at
// /[lang]/programs/page/[page]), both languages: the listed entries by title, in pages
// (src/site/rules/paged-list.ts). Each page's props are what it renders, so an edit of a listed
// program makes again the one page that shows it, not a page as large as the site.
import { listedByTitle } from './content.ts';
import { pageCacheKey } from './cache-key.ts';
import { listPageParams, listPages } from '../site/rules/paged-list.ts';
import { oncePerContent } from './resident-content.ts';

export const allProgramsPaths = oncePerContent(async () =>
  listPages(await listedByTitle()).map((props) => ({
    params: listPageParams(props),
    props,
    cacheKey: pageCacheKey(props),
  })),
);
