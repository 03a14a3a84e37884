// The dependency index from content to pages: given the content before and after a change, which
// pages of the site show something that changed. Framework-free (no Astro): the resident renderer
// (src/release/resident/) renders only these pages into a release linked from the live one.
//
// It follows what the page routes of src/pages render from: a listed entry (program, simple or
// complex page) shows on its own page in its language, as its translation's language-switch
// target, in its categories' listing pages, on the home page (tiles, top picks, themes), on the
// all-programs page, in the related-programs block of the programs naming it, in the finder's data
// when it has finder tags, on the map page of its map type, in the redirects (aliases, node ids)
// and in the search records. A change it does not follow (a category, a landing page, the
// calculator's settings...) asks for everything: the full build.
import { compareIn } from '../../i18n/collate.ts';
import { languages, otherLang, type Lang } from '../../i18n/languages.ts';
import { CATEGORY_PAGE_SIZE, categoryPagePath, mapTypeSlugs, pageCount } from '../../site/rules/paths.ts';

/** The fields of an entry the index reads; entries carry more (the page renders them). */
export interface IndexedEntry {
  id: string;
  lang: Lang;
  alias: string;
  slug: string;
  nid?: number | null;
  title?: string;
  searchable?: boolean;
  featured?: boolean;
  kind?: string;
  programType?: string;
  categories?: Array<{ id: string }>;
  related?: string[];
  mapType?: string | null;
  finder?: { relevant: string[] };
  programIds?: string[];
}

/** The content, per collection (the names of src/content.config.ts), entries of both languages. */
export type ContentSnapshot = Record<string, readonly IndexedEntry[]>;

export interface TouchedPages {
  /** Everything must be rendered again: why (a change the index does not follow). */
  all: string | null;
  /** Pages to render (URL paths such as /en/program/x), each in the new content. */
  render: Set<string>;
  /** Pages of the old content that the new one no longer has. */
  removed: Set<string>;
  /** The redirect list must be made again (an alias, a node id, a redirect entity). */
  redirects: boolean;
  /** Searchable pages whose search record changes (rendered) or goes (removed). */
  search: Set<string>;
}

/** Collections whose entries are pages of their own (the route's folder). */
const OWN_PAGE: Record<string, string> = {
  programs: 'program',
  simplePages: 'simple_page',
  complexPages: 'complex_page',
  pages: 'page',
};
/** Listed in categories, on the home page and in search. */
const LISTED = new Set(['programs', 'simplePages', 'complexPages']);
/** Collections whose change needs the full build (pages everywhere read them). */
const EVERYWHERE = new Set(['categories', 'landingPages', 'vanities', 'screenings', 'calculatorSettings']);
/** Collections that show on pages they name (Collector.other). */
const FOLLOWED = new Set(['applicationButtons', 'facilities', 'redirects']);

const key = (e: IndexedEntry) => `${e.lang}/${e.id}`;

function byKey(entries: readonly IndexedEntry[] | undefined): Map<string, IndexedEntry> {
  return new Map((entries ?? []).map((e) => [key(e), e]));
}

/** Entries that differ: the same object is unchanged (the resident store keeps it), else compared as JSON. */
export function changedKeys(before: readonly IndexedEntry[] = [], after: readonly IndexedEntry[] = []): string[] {
  const old = byKey(before);
  const now = byKey(after);
  const changed: string[] = [];
  for (const [k, e] of now) {
    const was = old.get(k);
    if (was !== e && JSON.stringify(was) !== JSON.stringify(e)) changed.push(k);
  }
  for (const k of old.keys()) if (!now.has(k)) changed.push(k);
  return changed;
}

const isListed = (e: IndexedEntry | undefined) => !!e?.searchable;
const pagePath = (folder: string, e: IndexedEntry) => `/${e.lang}/${folder}/${e.slug}`;

/** What a listing's order and counts depend on: a change here moves or recounts every page of it. */
const listingShape = (e: IndexedEntry | undefined) =>
  e && isListed(e) ? JSON.stringify([e.title, e.programType ?? null, (e.categories ?? []).map((c) => c.id)]) : null;

interface Side {
  snapshot: ContentSnapshot;
  listed: Map<Lang, IndexedEntry[]>;
}

function sideOf(snapshot: ContentSnapshot): Side {
  const listed = new Map<Lang, IndexedEntry[]>();
  for (const lang of languages)
    listed.set(
      lang,
      [...LISTED].flatMap((c) => (snapshot[c] ?? []).filter((e) => e.lang === lang && isListed(e))),
    );
  return { snapshot, listed };
}

/** A category's entries in one language, in the listing's order (by title, as category-paths.ts). */
function categoryEntries(side: Side, lang: Lang, categoryId: string): IndexedEntry[] {
  return side.listed
    .get(lang)!
    .filter((e) => (e.categories ?? []).some((c) => c.id === categoryId))
    .sort((a, b) => compareIn(lang)(a.title ?? '', b.title ?? ''));
}

class Collector {
  readonly result: TouchedPages = {
    all: null,
    render: new Set(),
    removed: new Set(),
    redirects: false,
    search: new Set(),
  };
  private readonly before: Side;
  private readonly after: Side;
  constructor(before: Side, after: Side) {
    this.before = before;
    this.after = after;
  }

  /** A page of the new content when it has it, else a removed page of the old. */
  page(path: string, existsAfter: boolean): void {
    if (existsAfter) this.result.render.add(path);
    else this.result.removed.add(path);
  }

  /** Every page of a category listing in one language (old pages beyond the new count removed). */
  wholeListing(lang: Lang, categoryId: string, slug: string): void {
    const was = pageCount(categoryEntries(this.before, lang, categoryId).length);
    const now = pageCount(categoryEntries(this.after, lang, categoryId).length);
    const exists = this.hasCategory(lang, categoryId);
    for (let p = 1; p <= Math.max(was, now); p++) this.page(categoryPagePath(lang, slug, p), exists && p <= now);
    // The other language's pages name this one's page count (their language switch).
    if (was !== now) {
      const other = otherLang(lang);
      const count = pageCount(categoryEntries(this.after, other, categoryId).length);
      if (this.hasCategory(other, categoryId))
        for (let p = 1; p <= count; p++) this.result.render.add(categoryPagePath(other, slug, p));
    }
  }

  hasCategory(lang: Lang, categoryId: string): boolean {
    return (this.after.snapshot.categories ?? []).some((c) => c.id === categoryId && c.lang === lang);
  }

  categorySlug(lang: Lang, categoryId: string): string | null {
    const find = (s: Side) => (s.snapshot.categories ?? []).find((c) => c.id === categoryId && c.lang === lang);
    return (find(this.after) ?? find(this.before))?.slug ?? null;
  }

  /** The listing page that shows `entry` (its order and the counts unchanged). */
  listingPageOf(lang: Lang, categoryId: string, slug: string, entry: IndexedEntry): void {
    const index = categoryEntries(this.after, lang, categoryId).findIndex((e) => e.id === entry.id);
    if (index >= 0) this.result.render.add(categoryPagePath(lang, slug, Math.floor(index / CATEGORY_PAGE_SIZE) + 1));
  }

  listings(lang: Lang, was: IndexedEntry | undefined, now: IndexedEntry | undefined): void {
    const ids = new Set(
      [...(isListed(was) ? (was!.categories ?? []) : []), ...(isListed(now) ? (now!.categories ?? []) : [])].map(
        (c) => c.id,
      ),
    );
    const shifted = listingShape(was) !== listingShape(now);
    for (const id of ids) {
      const slug = this.categorySlug(lang, id);
      if (!slug) continue;
      if (shifted) this.wholeListing(lang, id, slug);
      else this.listingPageOf(lang, id, slug, now!);
    }
  }

  /** The programs whose related-programs block names `id`, in one language. */
  relatedBlocks(lang: Lang, id: string): void {
    for (const p of this.after.snapshot.programs ?? [])
      if (p.lang === lang && p.id !== id && (p.related ?? []).includes(id))
        this.result.render.add(pagePath('program', p));
  }

  /** The entry's own page, its translation's page (language switch, alternates), its search record. */
  ownPages(collection: string, was: IndexedEntry | undefined, now: IndexedEntry | undefined): void {
    const folder = OWN_PAGE[collection]!;
    if (was && (!now || was.slug !== now.slug)) this.page(pagePath(folder, was), false);
    if (now) this.page(pagePath(folder, now), true);
    if (LISTED.has(collection)) {
      if (isListed(was)) this.result.search.add(pagePath(folder, was!));
      if (isListed(now)) this.result.search.add(pagePath(folder, now!));
    }
    const lang = (now ?? was)!.lang;
    const translation = (this.after.snapshot[collection] ?? []).find(
      (e) => e.id === (now ?? was)!.id && e.lang !== lang,
    );
    if (translation && was?.alias !== now?.alias) this.result.render.add(pagePath(folder, translation));
    if (was?.alias !== now?.alias || was?.nid !== now?.nid) this.result.redirects = true;
  }

  /** The pages that gather listed entries: home, all programs, finder, map. */
  gatheringPages(lang: Lang, was: IndexedEntry | undefined, now: IndexedEntry | undefined): void {
    if (isListed(was) || isListed(now)) {
      this.result.render.add(`/${lang}/home`);
      this.result.render.add(`/${lang}/programs`);
      // The home tiles are found by their English alias, in both languages.
      if (lang === 'en' && was?.alias !== now?.alias) this.result.render.add('/fr/home');
    }
    for (const e of [was, now])
      if (e && isListed(e) && (e.finder?.relevant.length ?? 0) > 0) {
        this.result.render.add(`/${lang}/finder`);
        this.result.render.add(`/${lang}/finder/programs`);
      }
    for (const e of [was, now]) {
      const slug = e?.mapType ? mapTypeSlugs[e.mapType] : undefined;
      if (slug) this.result.render.add(`/${lang}/map/${slug}`);
    }
  }

  entry(collection: string, k: string): void {
    const was = byKey(this.before.snapshot[collection]).get(k);
    const now = byKey(this.after.snapshot[collection]).get(k);
    const lang = (now ?? was)!.lang;
    this.ownPages(collection, was, now);
    if (!LISTED.has(collection)) return;
    this.listings(lang, was, now);
    this.gatheringPages(lang, was, now);
    this.relatedBlocks(lang, (now ?? was)!.id);
  }

  /** Buttons and facilities show on the pages they name. */
  other(collection: string, k: string): void {
    const was = byKey(this.before.snapshot[collection]).get(k);
    const now = byKey(this.after.snapshot[collection]).get(k);
    const lang = (now ?? was)!.lang;
    if (collection === 'applicationButtons') {
      const ids = new Set([...(was?.programIds ?? []), ...(now?.programIds ?? [])]);
      for (const p of this.after.snapshot.programs ?? [])
        if (p.lang === lang && ids.has(p.id)) this.result.render.add(pagePath('program', p));
    }
    if (collection === 'facilities') {
      for (const e of [was, now]) {
        const slug = e?.mapType ? mapTypeSlugs[e.mapType] : undefined;
        if (slug) this.result.render.add(`/${lang}/map/${slug}`);
      }
    }
    if (collection === 'redirects') this.result.redirects = true;
  }
}

/** The pages a change of content touches (the content before it and after it, both whole). */
export function touchedPages(before: ContentSnapshot, after: ContentSnapshot): TouchedPages {
  const collector = new Collector(sideOf(before), sideOf(after));
  const collections = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const collection of collections) {
    const changed = changedKeys(before[collection], after[collection]);
    if (changed.length === 0) continue;
    const followed = collection in OWN_PAGE || FOLLOWED.has(collection);
    if (EVERYWHERE.has(collection) || !followed)
      return { ...collector.result, all: `${collection} changed (${changed[0]})` };
    for (const k of changed) {
      if (collection in OWN_PAGE) collector.entry(collection, k);
      else collector.other(collection, k);
    }
  }
  // A page both gone and rendered (a rename back and forth in one batch) is rendered.
  for (const p of collector.result.render) collector.result.removed.delete(p);
  return collector.result;
}
