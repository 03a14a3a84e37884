// Static paths of every category listing page (page 1 and the paginated rest), both languages.
import { entriesOf, listedEntries } from '../../cms/content.ts';
import { languages } from '../../i18n/languages.ts';
import { pageCount } from './paths.ts';

export async function categoryPaths() {
  const paths = [];
  for (const lang of languages) {
    const listed = await listedEntries(lang);
    const landing = await entriesOf('landingPages', lang);
    for (const category of await entriesOf('categories', lang)) {
      const entries = listed.filter((e) => e.categories.some((c) => c.id === category.id)).sort((a, b) => a.title.localeCompare(b.title, lang));
      const intro = landing.find((l) => l.alias === category.alias)?.body;
      for (let page = 1; page <= pageCount(entries.length); page++) {
        paths.push({ params: { lang, slug: category.slug }, props: { lang, category, entries, page, intro } });
      }
    }
  }
  return paths;
}
