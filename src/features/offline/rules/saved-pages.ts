// The list of pages saved on the device and what they need: what a page's HTML references, its
// title, and which pages and assets leave when the bounds are passed (the page opened longest ago
// first). Plain data in, plain data out: the worker applies the answer to Cache Storage.
import { LIMITS } from './policy.ts';
import { srcsetUrls } from '../../../site/rules/srcset.ts';

export interface SavedPage {
  /** pageKey() of the page: `/en/program/x`. */
  path: string;
  title: string;
  lang: string;
  /** Bytes of the page's HTML. */
  bytes: number;
  /** When the reader last opened it (ms since the epoch). */
  openedAt: number;
  /** The hashed assets it uses (`/_astro/…`): its styles, scripts, images and the chunks it loaded. */
  assets: string[];
}

/** What the device holds: the saved pages, the bytes of each kept asset, the offline pages' assets. */
export interface SavedIndex {
  pages: SavedPage[];
  assetBytes: Record<string, number>;
  /** Assets the offline pages need: kept whatever happens to the saved pages. */
  pinned: string[];
}

export const emptyIndex = (): SavedIndex => ({ pages: [], assetBytes: {}, pinned: [] });

/** Every `/_astro/…` file the page's HTML names (src, href, srcset), once each, in order. */
export function assetsIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:src|href|srcset)\s*=\s*"([^"]*)"/gi))
    for (const url of srcsetUrls(match[1]!)) if (/^\/_astro\/[^?#"]+$/.test(url)) found.add(url);
  return [...found];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The page's title without the site name after its last ` | `, entities decoded; the path without one. */
export function titleOf(html: string, fallback: string): string {
  // Opening tag, then the first closing one after it: two linear searches (one pattern with a lazy
  // body rescanned to the end from every `<title`, quadratic on a hostile page).
  const open = /<title[^<>]*>/i.exec(html);
  const rest = open ? html.slice(open.index + open[0].length) : '';
  const close = /<\/title>/i.exec(rest);
  const raw = close ? rest.slice(0, close.index) : '';
  const text = raw
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
    .trim();
  const cut = text.lastIndexOf(' | ');
  const title = (cut > 0 ? text.slice(0, cut) : text).trim();
  return title || fallback;
}

/** The page added (or updated) as opened now, first in the list. */
export function withPage(index: SavedIndex, page: SavedPage): SavedIndex {
  const before = index.pages.find((p) => p.path === page.path);
  const assets = [...new Set([...page.assets, ...(before?.assets ?? [])])];
  return { ...index, pages: [{ ...page, assets }, ...index.pages.filter((p) => p.path !== page.path)] };
}

/** One more kept asset, of a saved page (a chunk it loaded after its HTML) or of an offline page. */
export function withAsset(index: SavedIndex, path: string | null, asset: string, bytes: number): SavedIndex {
  const assetBytes = { ...index.assetBytes, [asset]: bytes };
  const pages = index.pages.map((p) =>
    p.path === path && !p.assets.includes(asset) ? { ...p, assets: [...p.assets, asset] } : p,
  );
  return { ...index, pages, assetBytes };
}

/** The page marked as opened at `now` (first in the list), when it is saved. */
export function touched(index: SavedIndex, path: string, now: number): SavedIndex {
  const page = index.pages.find((p) => p.path === path);
  return page ? withPage(index, { ...page, openedAt: now }) : index;
}

/** The offline pages' assets, pinned (only theirs: an older release's leave with their pages). */
export const withPinned = (index: SavedIndex, pinned: string[]): SavedIndex => ({
  ...index,
  pinned: [...new Set(pinned)],
});

/** The index without the page. */
export function withoutPage(index: SavedIndex, path: string): SavedIndex {
  return { ...index, pages: index.pages.filter((p) => p.path !== path) };
}

/**
 * Within the bounds: pages by the time they were last opened, newest first, kept while the count
 * and the bytes (pages plus the assets of the kept pages and the pinned ones, each asset counted
 * once) fit; the rest leave. Assets no kept page or pinned list needs leave too.
 */
export function withinLimits(
  index: SavedIndex,
  limits: { pages: number; bytes: number } = LIMITS,
): { index: SavedIndex; droppedPages: string[]; droppedAssets: string[] } {
  const counted = new Set<string>();
  const sizeOf = (assets: string[]) =>
    assets.filter((a) => !counted.has(a)).reduce((sum, a) => sum + (index.assetBytes[a] ?? 0), 0);
  let bytes = sizeOf(index.pinned);
  for (const asset of index.pinned) counted.add(asset);
  const kept: SavedPage[] = [];
  const droppedPages: string[] = [];
  for (const page of [...index.pages].sort((a, b) => b.openedAt - a.openedAt)) {
    const more = page.bytes + sizeOf(page.assets);
    if (kept.length < limits.pages && bytes + more <= limits.bytes) {
      kept.push(page);
      bytes += more;
      for (const asset of page.assets) counted.add(asset);
    } else {
      droppedPages.push(page.path);
    }
  }
  const droppedAssets = Object.keys(index.assetBytes).filter((a) => !counted.has(a));
  const assetBytes = Object.fromEntries(Object.entries(index.assetBytes).filter(([a]) => counted.has(a)));
  return { index: { pages: kept, assetBytes, pinned: index.pinned }, droppedPages, droppedAssets };
}

/** A stored index read back: anything that is not one (an older shape, damage) counts as empty. */
export function parseIndex(value: unknown): SavedIndex {
  if (typeof value !== 'object' || value === null) return emptyIndex();
  const v = value as Partial<SavedIndex>;
  if (!Array.isArray(v.pages) || !Array.isArray(v.pinned) || typeof v.assetBytes !== 'object' || !v.assetBytes)
    return emptyIndex();
  const pages = v.pages.filter(
    (p): p is SavedPage =>
      typeof p?.path === 'string' &&
      // A page of this site (the offline page links it): never `javascript:`, another site or `//host`.
      /^\/(en|fr)(\/[^/\\]|$)/.test(p.path) &&
      typeof p.title === 'string' &&
      typeof p.lang === 'string' &&
      typeof p.bytes === 'number' &&
      typeof p.openedAt === 'number' &&
      Array.isArray(p.assets),
  );
  return { pages, assetBytes: v.assetBytes, pinned: v.pinned.filter((a) => typeof a === 'string') };
}
