// The addresses the site keeps for itself, in one list: the intake service's prefixes (its route
// table, service-routes.ts), the language roots, the nginx include's own location names and the
// files the build writes at the site root. Content never takes one (the vanity schema refuses it,
// src/content/types/vanity-url.ts), the redirect writers never write one (nginx include,
// `_redirects`, stubs: src/release/redirects/redirect-safety.ts) and the service worker never keeps
// one (src/features/offline/rules/policy.ts). Decided on the canonical form of a path (one
// decoding, slashes merged: site-path.ts) and without regard to case, since a CDN may match paths
// case-insensitively. Pure and framework-free (the service worker bundles it).
import { languages } from '../../i18n/languages.ts';
import { SERVICE_PREFIXES, underServicePrefix } from './service-routes.ts';
import { parseSitePath } from './site-path.ts';

/** The service worker's script, at the site root so that its scope is the whole site. */
export const WORKER_PATH = '/sw.js';

/**
 * Locations the nginx include names for itself (src/release/redirects/redirects.ts). Every name
 * starts with `/__`, a first segment the site keeps whole: a later name is kept from content too.
 */
export const INCLUDE_LOCATIONS = { notFound: '/__not_found' } as const;

/** First segments (lower case) the build writes at the site root, and the include's `__` names. */
const BUILD_SEGMENT =
  /^(_astro|_redirects|_headers|pagefind.*|search-index\.json|redirect-inputs\.json|official-languages-inputs\.json|sw\.js|__.*)$/;

/** The language roots in their one spelling each (the build's own redirects to each home page). */
export const LANGUAGE_ROOTS: ReadonlySet<string> = new Set(languages.flatMap((lang) => [`/${lang}`, `/${lang}/`]));

/** The canonical form of a URL path (decoded once, repeated slashes merged), or null when it has none. */
export function canonicalPath(pathname: string): string | null {
  const parsed = parseSitePath(pathname);
  return 'path' in parsed ? parsed.path : null;
}

/**
 * Why `path` (any spelling) belongs to the site and not to content, as an editor reads it; null
 * when content may use it. A path with no canonical form is for site-path.ts to refuse.
 */
export function ownedPathReason(path: string): string | null {
  const canonical = canonicalPath(path)?.toLowerCase();
  if (canonical === undefined) return null;
  if (canonical === '/') return 'is the home page';
  if (underServicePrefix(canonical.replace(/\/$/, '')))
    return `is an address of the intake service (${Object.values(SERVICE_PREFIXES).join(', ')})`;
  if (LANGUAGE_ROOTS.has(canonical)) return 'is the home page of a language';
  if (BUILD_SEGMENT.test(canonical.split('/')[1]!)) return 'is an address the site keeps for its own files';
  return null;
}

/** Whether the service worker must leave `path` to the network: the service's, in any spelling. */
export function isServicePath(path: string): boolean {
  const canonical = canonicalPath(path)?.toLowerCase().replace(/\/$/, '');
  return canonical !== undefined && underServicePrefix(canonical);
}
