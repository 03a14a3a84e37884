// Static paths of the simple_page, complex_page and page route (src/pages/[lang]/[bundle]/[slug].astro):
// every entry of the three types in both languages, under its Drupal bundle's name, with the
// page's alternates (the translation's alias, when there is one).
import { entriesOf } from './content.ts';
import { languages, otherLang } from '../i18n/languages.ts';
import { pageCacheKey } from './cache-key.ts';
import { oncePerContent } from './resident-content.ts';

/** Each bundle (the URL's folder) and its collection. */
const bundles = [
  ['simple_page', 'simplePages'],
  ['complex_page', 'complexPages'],
  ['page', 'pages'],
] as const;

export const contentPaths = oncePerContent(async () => {
  const paths = [];
  for (const [bundle, name] of bundles) {
    for (const lang of languages) {
      const other = otherLang(lang);
      const others = new Map((await entriesOf(name, other)).map((e) => [e.id, e.alias]));
      for (const entry of await entriesOf(name, lang)) {
        const otherAlias = others.get(entry.id);
        const alternates = {
          [lang]: `/${lang}${entry.alias}`,
          ...(otherAlias ? { [other]: `/${other}${otherAlias}` } : {}),
        };
        const props = { entry, alternates };
        paths.push({ params: { lang, bundle, slug: entry.slug }, props, cacheKey: pageCacheKey(props) });
      }
    }
  }
  return paths;
});
