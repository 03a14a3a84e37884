// Typed access to the content collections for pages and components.
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import { compareIn } from '../i18n/collate.ts';
import { languages, type Lang } from '../i18n/languages.ts';
import type { ListedEntry } from './types/listed.ts';
import { oncePerContent, residentEntries } from './resident-content.ts';

export async function entriesOf<K extends CollectionKey>(
  name: K,
  lang?: Lang,
): Promise<Array<CollectionEntry<K>['data']>> {
  // The resident renderer's content when it renders (src/release/resident/), else Astro's store.
  const resident = residentEntries(name) as Array<CollectionEntry<K>['data']> | undefined;
  const data = resident ?? (await getCollection(name)).map((e) => e.data);
  return lang ? data.filter((d) => d.lang === lang) : data;
}

/** Programs, simple pages and complex pages that may be listed and indexed (searchable). */
export async function listedEntries(lang: Lang): Promise<ListedEntry[]> {
  const [programs, simple, complex] = await Promise.all([
    entriesOf('programs', lang),
    entriesOf('simplePages', lang),
    entriesOf('complexPages', lang),
  ]);
  return [...programs, ...simple, ...complex].filter((e) => e.searchable);
}

/**
 * Each language's listed entries by title, in that language's order: the all-programs page and every
 * category listing (a category's are these, filtered), sorted once per content set for all of them.
 */
export const listedByTitle = oncePerContent(async () => {
  const byLang = new Map<Lang, ListedEntry[]>();
  for (const lang of languages) {
    const compare = compareIn(lang);
    byLang.set(
      lang,
      (await listedEntries(lang)).sort((a, b) => compare(a.title, b.title)),
    );
  }
  return byLang;
});
