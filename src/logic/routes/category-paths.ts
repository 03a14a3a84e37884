// Static paths of every category listing page (page 1 and the paginated rest), both languages.
import { entriesOf, listedEntries } from '../../cms/content.ts';
import { languages } from '../../i18n/languages.ts';
import { pageCacheKey } from './cache-key.ts';
import { CATEGORY_PAGE_SIZE, pageCount } from './paths.ts';

export async function categoryPaths() {
  const paths = [];
  for (const lang of languages) {
    const listed = await listedEntries(lang);
    const landing = await entriesOf('landingPages', lang);
    for (const category of await entriesOf('categories', lang)) {
      const entries = listed.filter((e) => e.categories.some((c) => c.id === category.id)).sort((a, b) => a.title.localeCompare(b.title, lang));
      const intro = landing.find((l) => l.alias === category.alias)?.body;
      // A listing page renders its own slice in full, and of the rest only counts (found, per
      // program type, pages): its incremental-build key covers exactly that, so an edit re-renders
      // the listing pages that show the edited entry, not the whole category.
      const types = entries.map((e) => ('programType' in e ? String(e.programType) : ''));
      for (let page = 1; page <= pageCount(entries.length); page++) {
        const shown = entries.slice((page - 1) * CATEGORY_PAGE_SIZE, page * CATEGORY_PAGE_SIZE);
        const cacheKey = pageCacheKey({ lang, category, intro, page, types, shown });
        paths.push({ params: { lang, slug: category.slug }, props: { lang, category, entries, page, intro }, cacheKey });
      }
    }
  }
  return paths;
}
