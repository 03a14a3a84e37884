// What the worker keeps: pages the reader opened, the assets they use, the offline pages. Every
// change to the index goes through one queue, since a page and its assets arrive together.
import { isSavableAsset, isSavablePage, OFFLINE_PAGES, offlineLangOf, type OfflineLang } from '../rules/policy.ts';
import { assetsIn, titleOf, withAsset, withoutPage, withPage, withPinned } from '../rules/saved-pages.ts';
import { CACHES, updateIndex } from './offline-store.ts';
import type { SavedIndex } from '../rules/saved-pages.ts';

let queue: Promise<void> = Promise.resolve();
/** Runs the index change after the ones before it; a failed one does not stop the next. */
export function inTurn(change: (index: SavedIndex) => SavedIndex): Promise<void> {
  queue = queue.then(() => updateIndex(change)).catch(() => undefined);
  return queue;
}

const bytesOf = async (answer: Response) => (await answer.clone().blob()).size;

/**
 * Keeps a hashed asset once: the answer given; or, for a saved page, the copy the browser already
 * has in its HTTP cache (never a download: an image size the browser did not pick stays out); or,
 * for an offline page, fetched.
 */
export async function keepAsset(asset: string, forPage: string | null, given?: Response): Promise<void> {
  const cache = await caches.open(CACHES.assets);
  const kept = await cache.match(asset);
  const fetched = () =>
    forPage === null ? fetch(asset) : fetch(asset, { cache: 'only-if-cached', mode: 'same-origin' });
  const answer = kept ?? given ?? (await fetched());
  if (!kept && !isSavableAsset(answer)) return;
  const bytes = await bytesOf(answer);
  if (!kept) await cache.put(asset, answer);
  await inTurn((index) => withAsset(index, forPage, asset, bytes));
}

/** Saves a page the network just gave (its body read from a copy), with the assets its HTML names. */
export async function keepPage(path: string, answer: Response): Promise<void> {
  const html = await answer.clone().text();
  await (await caches.open(CACHES.pages)).put(path, answer);
  await inTurn((index) =>
    withPage(index, {
      path,
      title: titleOf(html, path),
      lang: offlineLangOf(path),
      bytes: new Blob([html]).size,
      openedAt: Date.now(),
      assets: assetsIn(html),
    }),
  );
  // Its styles, scripts and images, which the browser has just fetched: from its HTTP cache only.
  await Promise.all(assetsIn(html).map((asset) => keepAsset(asset, path).catch(() => undefined)));
}

/** The network says the page is gone: so is its saved copy. */
export async function forgetPage(path: string): Promise<void> {
  await (await caches.open(CACHES.pages)).delete(path);
  await inTurn((index) => withoutPage(index, path));
}

/** Fetches the offline page of a language afresh, with its assets, and pins what the offline pages use. */
export async function keepOfflinePage(lang: OfflineLang): Promise<void> {
  const path = OFFLINE_PAGES[lang];
  const answer = await fetch(path, { cache: 'no-cache' });
  if (!isSavablePage(answer)) return;
  const html = await answer.clone().text();
  await Promise.all(assetsIn(html).map((asset) => keepAsset(asset, null)));
  const shell = await caches.open(CACHES.shell);
  await shell.put(path, answer);
  const pinned: string[] = [];
  for (const key of await shell.keys()) pinned.push(...assetsIn((await (await shell.match(key))?.text()) ?? ''));
  await inTurn((index) => withPinned(index, pinned));
}

/** The offline page for a path, in its language (the other one when only that one is kept). */
export async function offlinePage(path: string): Promise<Response> {
  const shell = await caches.open(CACHES.shell);
  const lang = offlineLangOf(path);
  const other: OfflineLang = lang === 'fr' ? 'en' : 'fr';
  return (await shell.match(OFFLINE_PAGES[lang])) ?? (await shell.match(OFFLINE_PAGES[other])) ?? Response.error();
}

/** Is the offline page of this language kept? */
export async function hasOfflinePage(lang: OfflineLang): Promise<boolean> {
  return Boolean(await (await caches.open(CACHES.shell)).match(OFFLINE_PAGES[lang]));
}
