// Static paths of every category listing page (page 1 and the paginated rest), both languages.
// Each page's props are exactly what it renders: its own slice of entries in full, and of the rest
// only counts (found, per program type, pages). So the props are also its incremental-build key,
// and an edit re-renders the listing pages that show the edited entry, not the whole category.
import { entriesOf, listedByTitle } from './content.ts';
import type { CategoryEntry } from './types/category.ts';
import type { ListedEntry } from './types/listed.ts';
import { languages, otherLang, type Lang } from '../i18n/languages.ts';
import { pageCacheKey } from './cache-key.ts';
import { CATEGORY_PAGE_SIZE, pageCount } from '../site/rules/paths.ts';
import { oncePerContent } from './resident-content.ts';

/** Simple and complex pages have no program type; they are listed as government content. */
const typeOf = (entry: ListedEntry) => ('programType' in entry ? String(entry.programType) : 'government');

export const categoryPaths = oncePerContent(async () => {
  // Each language's categories with their sorted entries, so a page knows whether its counterpart
  // exists: content published in one language first makes one listing longer than the other.
  const byLang = new Map<Lang, Array<{ category: CategoryEntry; entries: ListedEntry[] }>>();
  for (const lang of languages) {
    // Each category's entries taken in the listed entries' order by title (a stable sort and a
    // filter give the same order either way; sorting each category's anew compared titles per category).
    const listed = (await listedByTitle()).get(lang)!;
    byLang.set(
      lang,
      (await entriesOf('categories', lang)).map((category) => ({
        category,
        entries: listed.filter((e) => e.categories.some((c) => c.id === category.id)),
      })),
    );
  }
  const paths = [];
  for (const lang of languages) {
    const landing = await entriesOf('landingPages', lang);
    const others = new Map(byLang.get(otherLang(lang))!.map((c) => [c.category.id, c]));
    for (const { category, entries } of byLang.get(lang)!) {
      const intro = landing.find((l) => l.alias === category.alias)?.body;
      // Category-wide totals per program type, so the filter's found-count speaks of the whole category.
      const counts = {
        government: entries.filter((e) => typeOf(e) === 'government').length,
        community: entries.filter((e) => typeOf(e) === 'community').length,
      };
      const totalPages = pageCount(entries.length);
      const other = others.get(category.id);
      // Listing pages in the other language (0: the category does not exist there).
      const otherPages = other ? pageCount(other.entries.length) : 0;
      for (let page = 1; page <= totalPages; page++) {
        const shown = entries.slice((page - 1) * CATEGORY_PAGE_SIZE, page * CATEGORY_PAGE_SIZE);
        const props = { lang, category, intro, page, totalPages, otherPages, found: entries.length, counts, shown };
        paths.push({ params: { lang, slug: category.slug }, props, cacheKey: pageCacheKey(props) });
      }
    }
  }
  return paths;
});
