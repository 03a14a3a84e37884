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

export function categoryPagePath(lang: Lang, slug: string, page: number): string {
  return page <= 1 ? `/${lang}/category/${slug}` : `/${lang}/category/${slug}/page/${page}`;
}

export function pageCount(total: number, size = CATEGORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
