// Static paths of the simple_page, complex_page and page routes: every entry in both languages,
// with the page's alternates (the translation's alias, when there is one).
import { entriesOf } from './content.ts';
import { languages, otherLang } from '../i18n/languages.ts';
import { pageCacheKey } from '../build/cache-key.ts';

export async function contentPaths(name: 'simplePages' | 'complexPages' | 'pages') {
  const paths = [];
  for (const lang of languages) {
    const other = otherLang(lang);
    const others = new Map((await entriesOf(name, other)).map((e) => [e.id, e.alias]));
    for (const entry of await entriesOf(name, lang)) {
      const otherAlias = others.get(entry.id);
      const alternates = { [lang]: `/${lang}${entry.alias}`, ...(otherAlias ? { [other]: `/${other}${otherAlias}` } : {}) };
      const props = { entry, alternates };
      paths.push({ params: { lang, slug: entry.slug }, props, cacheKey: pageCacheKey(props) });
    }
  }
  return paths;
}
