// Where the development-site notice sends a reader: the live site's home in the page's language
// (a French page never leads to the English home). PRODUCTION_URL may carry a path prefix.
import type { Lang } from '../../i18n/languages.ts';

export function liveHome(productionUrl: string, lang: Lang): string {
  const base = productionUrl.endsWith('/') ? productionUrl : `${productionUrl}/`;
  return new URL(`${lang}/home`, base).toString();
}
