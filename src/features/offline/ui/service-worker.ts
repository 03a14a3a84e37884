// The site's service worker, built into /sw.js by src/release/build/service-worker.ts. Pages:
// network first, the saved copy after NETWORK_TIMEOUT_MS or on failure, else the offline page.
// Hashed assets: cache first. Everything else (the intake service, previews, uploads, other
// sites, map tiles) it leaves alone. What is kept and for how long: rules/policy.ts.
import {
  classify,
  isGone,
  isSavablePage,
  mayFetchAhead,
  NETWORK_TIMEOUT_MS,
  offlineLangOf,
  pageKey,
  type OfflineLang,
} from '../rules/policy.ts';
import { touched } from '../rules/saved-pages.ts';
import { forgetPage, hasOfflinePage, inTurn, keepAsset, keepOfflinePage, keepPage, offlinePage } from './keep.ts';
import { CACHES, readIndex } from './offline-store.ts';
import type { FetchEvent, WorkerScope } from './worker-scope.ts';

const scope = self as unknown as WorkerScope;
const origin = scope.location.origin;
const asNavigation = { method: 'GET', mode: 'navigate' };

/** The languages of the open pages of the site (English when none is open). */
async function openLanguages(): Promise<OfflineLang[]> {
  const windows = await scope.clients.matchAll({ includeUncontrolled: true, type: 'window' });
  const langs = new Set(windows.map((w) => offlineLangOf(new URL(w.url).pathname)));
  return langs.size > 0 ? [...langs] : ['en'];
}

// Installing: the offline page of the reader's language, nothing else. A failure (offline while
// installing) leaves the worker without one until the next page it serves fetches it.
scope.addEventListener('install', (event) => {
  event.waitUntil(
    openLanguages()
      .then((langs) => Promise.all(langs.map((lang) => keepOfflinePage(lang))))
      .catch(() => undefined)
      .then(() => scope.skipWaiting()),
  );
});

/** A page open before the worker ran: saved from the browser's HTTP cache, without a download when it can be. */
async function keepOpenPage(url: URL): Promise<void> {
  if (classify(url, origin, asNavigation) !== 'page') return;
  const path = pageKey(url);
  if ((await readIndex()).pages.some((p) => p.path === path)) return;
  const answer = await fetch(url.href, { cache: 'force-cache' });
  if (isSavablePage(answer)) await keepPage(path, answer);
}

// Activating: caches this worker does not know (an older worker's, the old application's) go,
// and the worker takes the open pages, saving them as opened.
scope.addEventListener('activate', (event) => {
  const known = new Set<string>(Object.values(CACHES));
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!known.has(name)) await caches.delete(name);
      await scope.clients.claim();
      const windows = await scope.clients.matchAll({ includeUncontrolled: true, type: 'window' });
      await Promise.all(windows.map((w) => keepOpenPage(new URL(w.url)).catch(() => undefined)));
    })(),
  );
});

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Network first: its answer (saved, or its copy dropped on 404/410); the saved copy after the
 * time-out, on failure or on a server error; the offline page when there is no saved copy.
 */
function page(event: FetchEvent, url: URL): Promise<Response> {
  const path = pageKey(url);
  const lang = offlineLangOf(path);
  let stored: Promise<void> = Promise.resolve();
  // Revalidated (an unchanged page costs a 304), not taken fresh from the HTTP cache: a publish
  // reaches the reader at once, not after the pages' max-age.
  const network = fetch(new Request(event.request, { cache: 'no-cache' })).then((answer) => {
    if (isGone(answer.status)) stored = forgetPage(path);
    else if (isSavablePage(answer)) stored = keepPage(path, answer.clone());
    return answer;
  });
  event.waitUntil(network.then(() => stored).catch(() => undefined));
  // The offline page of this page's language, once (the worker installed from a page in the other
  // one), unless the browser asks to save data: the offline page in the other language does then.
  if (
    mayFetchAhead(
      event.request.headers.get('save-data'),
      (navigator as { connection?: { saveData?: boolean } }).connection,
    )
  )
    event.waitUntil(
      hasOfflinePage(lang)
        .then((kept) => (kept ? undefined : keepOfflinePage(lang)))
        .catch(() => undefined),
    );
  return caches
    .open(CACHES.pages)
    .then((cache) => cache.match(path))
    .then((saved) => {
      if (!saved) return network.catch(() => offlinePage(path));
      event.waitUntil(inTurn((index) => touched(index, path, Date.now())));
      // A server in trouble (5xx) is no better than no network: the reader keeps the saved copy.
      const answered = network.then((answer) => (answer.status >= 500 ? saved : answer));
      return Promise.race([answered, timeout(NETWORK_TIMEOUT_MS).then(() => saved)]).catch(() => saved);
    });
}

/** Cache first: a hashed file never changes. Kept only for a page that is saved (not a form's). */
async function asset(event: FetchEvent, url: URL): Promise<Response> {
  const kept = await (await caches.open(CACHES.assets)).match(url.pathname);
  if (kept) return kept;
  const answer = await fetch(event.request);
  const copy = answer.clone();
  event.waitUntil(
    (async () => {
      const client = event.clientId ? await scope.clients.get(event.clientId) : undefined;
      const pageUrl = client ? new URL(client.url) : null;
      if (!pageUrl || classify(pageUrl, origin, asNavigation) !== 'page') return;
      const path = pageKey(pageUrl);
      if ((await readIndex()).pages.some((p) => p.path === path)) await keepAsset(url.pathname, path, copy);
    })().catch(() => undefined),
  );
  return answer;
}

scope.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const kind = classify(url, origin, event.request);
  if (kind === 'asset') event.respondWith(asset(event, url));
  else if (kind === 'page') event.respondWith(page(event, url));
  else if (kind === 'page-unsaved') event.respondWith(fetch(event.request).catch(() => offlinePage(url.pathname)));
});
