// What the site's service worker may keep on a reader's device, and for how long: which requests
// it handles, which pages and assets it stores, the bounds and the order they leave in. Plain
// TypeScript shared by the worker (ui/service-worker.ts), the offline page's script and the build.

import { canonicalPath, isServicePath, WORKER_PATH } from '../../../site/rules/owned-paths.ts';

export { WORKER_PATH };

/** The offline page of each language (site routes keep the English segment in both languages). */
export const OFFLINE_PAGES = { en: '/en/offline', fr: '/fr/offline' } as const;
export type OfflineLang = keyof typeof OFFLINE_PAGES;

/**
 * How long a page request may wait for the network before the saved copy is shown instead: past
 * 3 seconds on a rural or basement connection the answer is usually not coming soon (a quarter of
 * a second is a good round trip even on 3G), and the reader already has the page. The request goes
 * on and its answer replaces the saved copy for next time. A page with no saved copy waits for the
 * network as long as the browser does.
 */
export const NETWORK_TIMEOUT_MS = 3000;

/** At most this many pages, and this many bytes of pages and their assets together. */
export const LIMITS = { pages: 40, bytes: 10 * 1024 * 1024 } as const;

/** Never touched by the worker besides the service's addresses (owned-paths.ts): the search index. */
const NEVER = /^\/pagefind(-[^/]*)?\//;

/** Pages that hold a form or a search: their state is the reader's, never stored (lower case). */
const NOT_SAVED = /^\/(en|fr)\/(correction|chb-registration|search)(\/|$)/;

/**
 * - `bypass`: the worker stays out of it (the browser goes to the network as without a worker);
 * - `asset`: a hashed build file (`/_astro/`), the same bytes for good: cache first;
 * - `page`: a page the reader opens: network first, the saved copy or the offline page without one;
 * - `page-unsaved`: a page never stored (a form, a search, any address with a query string), from the
 *   network, the offline page without one.
 */
export type RequestKind = 'bypass' | 'asset' | 'page' | 'page-unsaved';

/**
 * Decided on the path's canonical form (decoded once, repeated slashes merged, as nginx serves it)
 * and without regard to case: `/en//chb-registration` and `/en/chb-regi%73tration` are the form.
 * A path with no canonical form (bad or double encoding, dot segments, controls) is never kept.
 */
export function classify(url: URL, origin: string, request: { method: string; mode: string }): RequestKind {
  if (request.method !== 'GET' || url.origin !== origin) return 'bypass';
  if (isServicePath(url.pathname)) return 'bypass';
  const path = canonicalPath(url.pathname);
  const lower = path?.toLowerCase();
  if (request.mode !== 'navigate')
    return path?.startsWith('/_astro/') && path === url.pathname && url.search === '' ? 'asset' : 'bypass';
  if (lower === undefined) return 'page-unsaved';
  if (NEVER.test(lower) || lower === WORKER_PATH) return 'bypass';
  if (!/^\/(en|fr)(\/|$)/.test(path!)) return 'page-unsaved';
  return url.search !== '' || NOT_SAVED.test(lower) ? 'page-unsaved' : 'page';
}

/** The key a page is saved under: its path without query, fragment or trailing slash. */
export function pageKey(url: URL): string {
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1); // a loop: `/\/+$/` is quadratic on many slashes
  return path === '' ? '/' : path;
}

/** The offline page for a path: French for /fr/ paths, English otherwise. */
export function offlineLangOf(path: string): OfflineLang {
  return /^\/fr(\/|$)/.test(path) ? 'fr' : 'en';
}

/** What the worker can tell of an answer without reading its body. */
export interface AnswerHead {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/** A page answer that may be saved: a whole, direct, same-origin HTML page the server lets caches keep. */
export function isSavablePage(answer: AnswerHead): boolean {
  if (answer.status !== 200 || answer.type !== 'basic' || answer.redirected) return false;
  const type = answer.headers.get('content-type') ?? '';
  const cacheControl = answer.headers.get('cache-control') ?? '';
  return /^text\/html/i.test(type) && !/no-store|private/i.test(cacheControl);
}

/** An asset answer that may be kept: a whole, same-origin 200. */
export function isSavableAsset(answer: AnswerHead): boolean {
  return answer.status === 200 && answer.type === 'basic' && !answer.redirected;
}

/**
 * May the worker fetch something the reader did not open (the offline page of the other language)?
 * Not when the browser asks to save data: its `Save-Data: on` request header, or the worker's
 * `navigator.connection.saveData`.
 */
export function mayFetchAhead(saveDataHeader: string | null, connection?: { saveData?: boolean }): boolean {
  return saveDataHeader?.trim().toLowerCase() !== 'on' && connection?.saveData !== true;
}

/** The network says the page is gone: its saved copy goes too. */
export const isGone = (status: number) => status === 404 || status === 410;
