// Route helpers shared by pages, redirects and tests.
import type { Lang } from '../../i18n/languages.ts';

export const CATEGORY_PAGE_SIZE = 5;

/**
 * Programs per page of the all-programs list: the whole list on one page at the department's size
 * (under a hundred per language), pages of a hundred when the site grows (at 10,000 programs per
 * language the one page was 2.8 MB, and any change to a listed program made it again).
 */
export const ALL_PROGRAMS_PAGE_SIZE = 100;

export const mapTypeSlugs: Record<string, string> = {
  home_support_agency: 'home-support-agencies',
  nursing_home: 'nursing-homes',
  special_care_home: 'special-care-homes',
  meals_on_wheels: 'meals-on-wheels',
};

export const href = (lang: Lang, alias: string) => `/${lang}${alias}`;

export function categoryPagePath(lang: Lang, slug: string, page: number): string {
  return page <= 1 ? `/${lang}/category/${slug}` : `/${lang}/category/${slug}/page/${page}`;
}

export function allProgramsPagePath(lang: Lang, page: number): string {
  return page <= 1 ? `/${lang}/programs` : `/${lang}/programs/page/${page}`;
}

export function pageCount(total: number, size = CATEGORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
