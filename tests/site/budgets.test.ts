// Byte budgets (gzip) for the first view of each page type, measured on a real build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from './built-site.ts';
import { firstViewWeight, loadedWeight } from '../../scripts/bench/page-weight.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dist = '';

beforeAll(async () => {
  dist = await builtSite();
}, 300_000);

const KB = 1024;
describe('page weight budgets (first view, gzip)', () => {
  for (const page of [
    '/en/program/home-support-services',
    '/fr/program/services-de-soutien-a-domicile',
    '/en/category/seniors',
    '/fr/home',
    '/en/home',
    '/en/simple_page/intimate-partner-violence',
    '/en/map/nursing-homes',
  ]) {
    it(`${page}: HTML+CSS+JS at most 25 KB, JS at most 5 KB`, () => {
      const w = firstViewWeight(dist, page);
      expect(w.total, `${page} downloads ${w.total} bytes gzip on first view (budget ${25 * KB})`).toBeLessThanOrEqual(
        25 * KB,
      );
      expect(w.js, `${page} downloads ${w.js} bytes of JavaScript gzip (budget ${5 * KB})`).toBeLessThanOrEqual(5 * KB);
    });
  }
  it('site CSS at most 10 KB', () => {
    const w = firstViewWeight(dist, '/en/home');
    expect(w.css, `site CSS is ${w.css} bytes gzip (budget ${10 * KB})`).toBeLessThanOrEqual(10 * KB);
  });
  // "Loaded" counts everything the page can fetch once used: islands, on-demand modules (chat,
  // uploads, Leaflet) and their stylesheets; map tiles are images and not counted.
  for (const page of ['/en/calculator', '/fr/calculator']) {
    it(`${page}: at most 90 KB of JavaScript once the island loaded`, () => {
      const w = loadedWeight(dist, page);
      expect(
        w.js,
        `${page} JavaScript is ${w.js} bytes gzip once loaded (budget ${90 * KB}): ${w.files.join(', ')}`,
      ).toBeLessThanOrEqual(90 * KB);
    });
  }
  for (const page of ['/en/chb-registration', '/fr/chb-registration']) {
    it(`${page}: at most 150 KB once the form and uploads loaded`, () => {
      const w = loadedWeight(dist, page);
      expect(
        w.total,
        `${page} is ${w.total} bytes gzip once loaded (budget ${150 * KB}): ${w.files.join(', ')}`,
      ).toBeLessThanOrEqual(150 * KB);
    });
  }
  // The finder's script is small enough for Astro to inline it into the page: count inline module
  // scripts as JavaScript too (firstViewWeight counts them in the HTML only).
  const inlineJs = (page: string) =>
    [
      ...readFileSync(path.join(dist, `${page}.html`), 'utf8').matchAll(/<script type="module">([\s\S]*?)<\/script>/g),
    ].reduce((n, m) => n + gzipSync(m[1]!, { level: 9 }).length, 0);
  for (const page of ['/en/finder', '/fr/finder']) {
    it(`${page}: first view at most 25 KB with at most 5 KB of JavaScript; at most 15 KB of JavaScript once loaded`, () => {
      const w = firstViewWeight(dist, page);
      const js = w.js + inlineJs(page);
      expect(inlineJs(page), `${page} has no inline finder script`).toBeGreaterThan(0);
      expect(w.total, `${page} downloads ${w.total} bytes gzip on first view (budget ${25 * KB})`).toBeLessThanOrEqual(
        25 * KB,
      );
      expect(js, `${page} runs ${js} bytes of JavaScript gzip on first view (budget ${5 * KB})`).toBeLessThanOrEqual(
        5 * KB,
      );
      const loaded = loadedWeight(dist, page).js + inlineJs(page);
      expect(loaded, `${page} JavaScript is ${loaded} bytes gzip once loaded (budget ${15 * KB})`).toBeLessThanOrEqual(
        15 * KB,
      );
    });
  }
  // Offline reading: the worker is no part of the first view (only the registration script, inside
  // the layout's script, names it, and registers it after the load event).
  it('the service worker: at most 4 KB gzip, named by no page, registered by a script of at most 512 bytes gzip', async () => {
    const worker = readFileSync(path.join(dist, 'sw.js'));
    expect(gzipSync(worker, { level: 9 }).length).toBeLessThanOrEqual(4 * KB);
    for (const page of ['/en/home', '/fr/program/services-de-soutien-a-domicile', '/en/offline'])
      expect(readFileSync(path.join(dist, `${page}.html`), 'utf8')).not.toContain('sw.js');
    const { build } = await import('esbuild');
    const registration = await build({
      entryPoints: [path.join(root, 'src/features/offline/ui/register.ts')],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
    });
    const bytes = gzipSync(registration.outputFiles[0]!.contents, { level: 9 }).length;
    expect(bytes, `the registration script is ${bytes} bytes gzip`).toBeLessThanOrEqual(512);
  });
  it('every map page at most 130 KB once the map loaded', () => {
    const maps = ['en', 'fr'].flatMap((lang) =>
      readdirSync(path.join(dist, lang, 'map'), { withFileTypes: true })
        .filter((d) => d.isFile() && d.name.endsWith('.html'))
        .map((d) => `/${lang}/map/${d.name.replace(/\.html$/, '')}`),
    );
    expect(maps.length).toBeGreaterThan(1);
    for (const page of maps) {
      const w = loadedWeight(dist, page);
      expect(w.total, `${page} is ${w.total} bytes gzip once loaded (budget ${130 * KB})`).toBeLessThanOrEqual(
        130 * KB,
      );
    }
  });
});
