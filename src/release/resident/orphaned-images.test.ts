// The images a resident release drops: those only its removed or remade pages showed.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imagesIn, orphanedImages } from './orphaned-images.ts';

let work = '';
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'orphaned-images-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

const page = (...images: string[]) =>
  `<img src="/_astro/${images[0]}" srcset="${images.map((i, n) => `/_astro/${i} ${400 * (n + 1)}w`).join(', ')}">`;

async function site(name: string, pages: Record<string, string>) {
  const dir = path.join(work, name);
  for (const [file, html] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), html);
  }
  return dir;
}

describe('images a resident release no longer shows', () => {
  it('reads src and srcset', () => {
    expect([...imagesIn(page('a_1.webp', 'a_2.webp'))].sort()).toEqual(['_astro/a_1.webp', '_astro/a_2.webp']);
    expect([...imagesIn('<a href="/_astro/x.js">x</a><img src="/fr/a.png">')]).toEqual([]);
  });

  it('are those only a removed page or a page made again without them showed', async () => {
    const live = await site('live', {
      'en/program/gone.html': page('gone_1.webp', 'gone_2.webp'),
      'en/program/shared.html': page('shared_1.webp'),
      'fr/program/gone.html': page('shared_1.webp'),
      'en/program/changed.html': page('old_1.webp'),
    });
    const next = await site('next', {
      'en/program/shared.html': page('shared_1.webp'),
      'en/program/changed.html': page('new_1.webp'),
    });
    const orphans = await orphanedImages(
      live,
      next,
      ['en/program/gone.html', 'fr/program/gone.html', 'en/program/changed.html'],
      [page('new_1.webp')],
    );
    expect(orphans.sort()).toEqual(['_astro/gone_1.webp', '_astro/gone_2.webp', '_astro/old_1.webp']);
  });

  it('are none when the pages made again keep their images (no page of the site read)', async () => {
    const live = await site('live', { 'en/a.html': page('a_1.webp') });
    expect(await orphanedImages(live, path.join(work, 'absent'), ['en/a.html'], [page('a_1.webp')])).toEqual([]);
  });
});
