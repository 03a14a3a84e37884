// Route helpers shared by pages, redirects and tests.
import type { Lang } from '../../i18n/languages.ts';

export const CATEGORY_PAGE_SIZE = 5;

export const mapTypeSlugs: Record<string, string> = {
  home_support_agency: 'home-support-agencies',
  nursing_home: 'nursing-homes',
  special_care_home: 'special-care-homes',
  meals_on_wheels: 'meals-on-wheels',
};

export const href = (lang: Lang, alias: string) => `/${lang}${alias}`;

/** A paged list's page: page 1 at the list's own address, page n under `<address>/page/<n>`. */
export const listPagePath = (address: string, page: number) => (page <= 1 ? address : `${address}/page/${page}`);

export function categoryPagePath(lang: Lang, slug: string, page: number): string {
  return listPagePath(`/${lang}/category/${slug}`, page);
}

export function pageCount(total: number, size = CATEGORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
