// Each category listing as a reader pages through it (page 1, then page/2, page/3 …), read from
// the built pages: every entry once, in the language's alphabetical order (compared here with an
// Intl.Collator of the test's own), as many as the page says it found.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from './built-site.ts';

let dist = '';
beforeAll(async () => {
  dist = await builtSite();
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const text = (html: string) => html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);

/** The cards of one listing page: their links and titles, in the page's order. */
const cards = (html: string) =>
  [...html.matchAll(/<h2 class="card-title"><a href="([^"]+)">([^<]*)<\/a>/g)].map((m) => ({
    href: m[1]!,
    title: text(m[2]!),
  }));

/** The number the found-count says (12,500 / 12 500). */
const found = (html: string) => Number(/class="found"[^>]*>([\d\s,\u00a0\u202f]+)/.exec(html)?.[1]?.replace(/\D/g, ''));

/** A category's listing, or null when its address is a redirect stub (a renamed category). */
async function listing(lang: string, slug: string) {
  const dir = path.join(dist, lang, 'category');
  const first = await readFile(path.join(dir, `${slug}.html`), 'utf8');
  if (first.includes('http-equiv="refresh"')) return null;
  const more = (await readdir(path.join(dir, slug, 'page')).catch(() => [] as string[]))
    .filter((f) => /^\d+\.html$/.test(f))
    .map((f) => Number(f.slice(0, -5)))
    .sort((a, b) => a - b);
  const pages = [
    first,
    ...(await Promise.all(more.map((n) => readFile(path.join(dir, slug, 'page', `${n}.html`), 'utf8')))),
  ];
  return { found: found(first), entries: pages.flatMap(cards) };
}

describe('category listings', () => {
  for (const lang of ['en', 'fr'] as const)
    it(`${lang}: each lists its entries once, in alphabetical order, as many as it says`, async () => {
      const slugs = (await readdir(path.join(dist, lang, 'category')))
        .filter((f) => f.endsWith('.html'))
        .map((f) => f.slice(0, -5));
      const compare = new Intl.Collator(lang).compare;
      let listings = 0;
      for (const slug of slugs) {
        const shown = await listing(lang, slug);
        if (!shown) continue;
        listings++;
        const { found: count, entries } = shown;
        expect(entries.length, `${lang}/${slug}`).toBe(count);
        expect(new Set(entries.map((e) => e.href)).size, `${lang}/${slug}: an entry listed twice`).toBe(entries.length);
        const titles = entries.map((e) => e.title);
        expect(titles, `${lang}/${slug}`).toEqual([...titles].sort(compare));
      }
      expect(listings).toBeGreaterThan(3);
    });
});
