// Static paths of every category listing page (page 1 and the paginated rest), both languages.
// Each page's props are exactly what it renders: its own slice of entries in full, and of the rest
// only counts (found, per program type, pages). So the props are also its incremental-build key,
// and an edit re-renders the listing pages that show the edited entry, not the whole category.
import { entriesOf, listedEntries } from '../../cms/content.ts';
import type { ListedEntry } from '../../cms/entries.ts';
import { languages } from '../../i18n/languages.ts';
import { pageCacheKey } from './cache-key.ts';
import { CATEGORY_PAGE_SIZE, pageCount } from './paths.ts';

/** Simple and complex pages have no program type; they are listed as government content. */
const typeOf = (entry: ListedEntry) => ('programType' in entry ? String(entry.programType) : 'government');

export async function categoryPaths() {
  const paths = [];
  for (const lang of languages) {
    const listed = await listedEntries(lang);
    const landing = await entriesOf('landingPages', lang);
    for (const category of await entriesOf('categories', lang)) {
      const entries = listed.filter((e) => e.categories.some((c) => c.id === category.id)).sort((a, b) => a.title.localeCompare(b.title, lang));
      const intro = landing.find((l) => l.alias === category.alias)?.body;
      // Category-wide totals per program type, so the filter's found-count speaks of the whole category.
      const counts = { government: entries.filter((e) => typeOf(e) === 'government').length, community: entries.filter((e) => typeOf(e) === 'community').length };
      const totalPages = pageCount(entries.length);
      for (let page = 1; page <= totalPages; page++) {
        const shown = entries.slice((page - 1) * CATEGORY_PAGE_SIZE, page * CATEGORY_PAGE_SIZE);
        const props = { lang, category, intro, page, totalPages, found: entries.length, counts, shown };
        paths.push({ params: { lang, slug: category.slug }, props, cacheKey: pageCacheKey(props) });
      }
    }
  }
  return paths;
}
