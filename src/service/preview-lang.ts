// The language of a preview address: French for /preview/fr, /preview/fr/… and /preview/fr?…,
// English otherwise. The service's refusals and the renderer's "page not found" both use it.
import type { Lang } from '../i18n/languages.ts';
import { SERVICE_PREFIXES } from '../site/rules/service-routes.ts';

const french = `${SERVICE_PREFIXES.preview}/fr`;

export const previewLang = (pathAndQuery: string): Lang => {
  if (!pathAndQuery.startsWith(french)) return 'en';
  const next = pathAndQuery.charAt(french.length);
  return next === '' || next === '/' || next === '?' || next === '#' ? 'fr' : 'en';
};
