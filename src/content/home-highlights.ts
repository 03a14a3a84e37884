// What the home page highlights (src/pages/[lang]/home.astro gives it as the page's props): the
// landing tiles, the top picks and a few programs per category theme, each program shown once.
import type { CategoryEntry } from './types/category.ts';
import type { ListedEntry } from './types/listed.ts';
import { landingTiles } from '../site/rules/landing-tiles.ts';

export interface HomeHighlights {
  categories: CategoryEntry[];
  tiles: ListedEntry[];
  picks: ListedEntry[];
  themes: Array<{ category: CategoryEntry; entries: ListedEntry[] }>;
}

/** The first `n` entries `keep` accepts, in order, without reading the rest (a site's thousands). */
function firstOf(list: readonly ListedEntry[], n: number, keep: (e: ListedEntry) => boolean): ListedEntry[] {
  const found: ListedEntry[] = [];
  for (const e of list) {
    if (found.length === n) break;
    if (keep(e)) found.push(e);
  }
  return found;
}

/**
 * `listed`: the language's listed entries; `englishIds`: every program's and simple page's id by
 * its English alias (the tiles are named by it, so French follows the node).
 */
export function homeHighlights(
  listed: readonly ListedEntry[],
  categories: CategoryEntry[],
  englishIds: ReadonlyMap<string, string>,
): HomeHighlights {
  const byId = new Map(listed.map((e) => [e.id, e]));
  const tiles = landingTiles.map((alias) => byId.get(englishIds.get(alias) ?? '')).filter((e) => e !== undefined);
  // Each program appears once on the page (tiles, then top picks, then the themes), so every link
  // name leads to one place.
  const shown = new Set(tiles.map((e) => e.id));
  const picks = firstOf(listed, 8, (e) => e.featured && !shown.has(e.id));
  picks.forEach((e) => shown.add(e.id));
  const themes = categories.map((c) => {
    const entries = firstOf(listed, 3, (e) => !shown.has(e.id) && e.categories.some((x) => x.id === c.id));
    entries.forEach((e) => shown.add(e.id));
    return { category: c, entries };
  });
  return { categories, tiles, picks, themes };
}
