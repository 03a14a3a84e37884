// The built images a resident release no longer shows. A cold build writes only the images its
// pages show; a resident release starts as links to all of the live release's files, so when a
// page that showed an image is removed or made again without it (a delete, an unpublish, another
// image), the image would stay behind. The images those pages showed before and not now are looked
// for in every page of the release, and those no page shows are removed. Most edits keep their
// page's image and read nothing more; a page that drops one costs a read of the site's pages.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mapInBatches } from '../build/batches.ts';

/** Astro's built images named in a page (src and srcset): `_astro/…` file names. */
const IMAGE = /\/(_astro\/[^/"'\s,)?#]+\.(?:webp|avif|png|jpe?g|gif|svg))/g;

export function imagesIn(html: string): Set<string> {
  return new Set([...html.matchAll(IMAGE)].map((m) => m[1]!));
}

const readOr = (file: string) => readFile(file, 'utf8').catch(() => '');

/**
 * The images the `before` pages (files of the live release) showed and the `after` pages (their
 * new HTML) do not, that no other page of `siteDir` shows either.
 */
export async function orphanedImages(
  liveSite: string,
  siteDir: string,
  before: string[],
  after: Iterable<string>,
): Promise<string[]> {
  const shown = new Set<string>();
  for (const html of after) for (const image of imagesIn(html)) shown.add(image);
  const dropped = new Set<string>();
  const old = await mapInBatches(before, (file) => readOr(path.join(liveSite, file)), 32);
  for (const html of old) for (const image of imagesIn(html)) if (!shown.has(image)) dropped.add(image);
  if (dropped.size === 0) return [];
  const pages = (await readdir(siteDir, { recursive: true })).filter((f) => f.endsWith('.html'));
  await mapInBatches(
    pages,
    async (file) => {
      if (dropped.size === 0) return;
      const html = await readOr(path.join(siteDir, file));
      for (const image of dropped) if (html.includes(`/${image}`)) dropped.delete(image);
    },
    32,
  );
  return [...dropped];
}
