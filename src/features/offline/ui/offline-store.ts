// Cache Storage as the worker and the offline page both see it: the saved pages, their assets and
// the index that lists them (rules/saved-pages.ts decides; this module reads and writes).
import { emptyIndex, parseIndex, withinLimits, type SavedIndex } from '../rules/saved-pages.ts';

/** The site's caches; a name not listed here is an older worker's and is removed on activation. */
export const CACHES = { pages: 'offline-pages-v1', assets: 'offline-assets-v1', shell: 'offline-shell-v1' } as const;
/** Where the index is kept, inside the pages cache (a key no page of the site can have). */
const INDEX_KEY = '/__offline/saved-pages.json';

export async function readIndex(): Promise<SavedIndex> {
  const answer = await (await caches.open(CACHES.pages)).match(INDEX_KEY);
  if (!answer) return emptyIndex();
  return parseIndex(await answer.json().catch(() => null));
}

async function writeIndex(index: SavedIndex): Promise<void> {
  const body = JSON.stringify(index);
  await (
    await caches.open(CACHES.pages)
  ).put(INDEX_KEY, new Response(body, { headers: { 'content-type': 'application/json' } }));
}

/** Applies a change to the index, then the bounds: pages and assets past them leave the caches. */
export async function updateIndex(change: (index: SavedIndex) => SavedIndex): Promise<void> {
  const { index, droppedPages, droppedAssets } = withinLimits(change(await readIndex()));
  const [pages, assets] = await Promise.all([caches.open(CACHES.pages), caches.open(CACHES.assets)]);
  await Promise.all([...droppedPages.map((p) => pages.delete(p)), ...droppedAssets.map((a) => assets.delete(a))]);
  await writeIndex(index);
}

/** Removes every saved page and the assets only they needed (the offline pages stay). */
export async function clearSaved(): Promise<void> {
  await updateIndex((index) => ({ ...index, pages: [] }));
  const index = await readIndex();
  // Also any copy a page being saved right now put beside the index.
  await caches.delete(CACHES.pages);
  await writeIndex(index);
}
