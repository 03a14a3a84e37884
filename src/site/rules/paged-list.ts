// A long list shown in pages (the all-programs list, the finder's no-JavaScript list): one page at
// the department's size, pages of LIST_PAGE_SIZE beyond, each with what it renders of the list (its
// slice, the count of the whole list, its pages) and no more, so that a change makes again only
// the pages whose slice or counts it changed. Pure and framework-free.
import type { useStrings } from '../../i18n/index.ts';
import { languages, otherLang, type Lang } from '../../i18n/languages.ts';
import { pageCount } from './paths.ts';

/**
 * Items per page: the whole list on one page at the department's size (under a hundred per
 * language); at 10,000 programs per language the one all-programs page was 2.8 MB.
 */
const LIST_PAGE_SIZE = 100;

export interface ListPage<T> {
  lang: Lang;
  page: number;
  totalPages: number;
  /** Pages of the list in the other language (its page N may not exist). */
  otherPages: number;
  /** Items in the whole list. */
  found: number;
  shown: T[];
}

/** Every page of each language's list. */
export function listPages<T>(byLang: ReadonlyMap<Lang, readonly T[]>, size = LIST_PAGE_SIZE): ListPage<T>[] {
  const pages: ListPage<T>[] = [];
  for (const lang of languages) {
    const items = byLang.get(lang) ?? [];
    const totalPages = pageCount(items.length, size);
    const otherPages = pageCount((byLang.get(otherLang(lang)) ?? []).length, size);
    for (let page = 1; page <= totalPages; page++)
      pages.push({
        lang,
        page,
        totalPages,
        otherPages,
        found: items.length,
        shown: items.slice((page - 1) * size, page * size),
      });
  }
  return pages;
}

/** A page's route params: `[page]` only after the first. */
export const listPageParams = ({ lang, page }: ListPage<unknown>) =>
  page === 1 ? { lang } : { lang, page: String(page) };

/**
 * A page's hreflang alternates, in the languages' order: its own address, and the other
 * language's page N when that list is as long (else none: the language switch goes to its first page).
 */
export function pageAlternates(
  { lang, page, otherPages }: Pick<ListPage<unknown>, 'lang' | 'page' | 'otherPages'>,
  pathOf: (lang: Lang, page: number) => string,
): Partial<Record<Lang, string>> {
  return Object.fromEntries(languages.filter((l) => l === lang || page <= otherPages).map((l) => [l, pathOf(l, page)]));
}

/** A list page's title: the list's name, with "(Page 2 of 3)" / « (page 2 sur 3) » after the first. */
export function listPageTitle(t: ReturnType<typeof useStrings>, name: string, page: number, total: number): string {
  return page > 1 ? t('category.titlePageOf', { name, n: page, total }) : name;
}
