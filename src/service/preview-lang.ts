// The language of a preview address: French for /preview/fr, /preview/fr/… and /preview/fr?…,
// English otherwise. The service's refusals and the renderer's "page not found" both use it.
import type { Lang } from '../i18n/languages.ts';
import { SERVICE_PREFIXES } from '../site/rules/service-routes.ts';

export const previewLang = (pathAndQuery: string): Lang =>
  new RegExp(`^${SERVICE_PREFIXES.preview}/fr(?:[/?#]|$)`).test(pathAndQuery) ? 'fr' : 'en';
