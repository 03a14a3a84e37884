// Byte budgets (gzip) for the first view of each page type, measured on a real build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstViewWeight, STATIC_IMPORT } from '../../src/logic/bench/page-weight.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dist = '';

beforeAll(() => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  dist = path.join(dir, 'dist');
  const result = spawnSync(process.execPath, ['scripts/build.ts'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', OUT_DIR: dist, ASTRO_CACHE_DIR: path.join(dir, 'cache') } });
  if (result.status !== 0) throw new Error(result.stderr);
}, 300_000);

const KB = 1024;
describe('page weight budgets (first view, gzip)', () => {
  for (const page of ['/en/program/home-support-services', '/fr/program/services-de-soutien-a-domicile', '/en/category/seniors', '/fr/home', '/en/home', '/en/simple_page/intimate-partner-violence', '/en/map/nursing-homes']) {
    it(`${page}: HTML+CSS+JS at most 25 KB, JS at most 5 KB`, () => {
      const w = firstViewWeight(dist, page);
      expect(w.total, `${page} downloads ${w.total} bytes gzip on first view (budget ${25 * KB})`).toBeLessThanOrEqual(25 * KB);
      expect(w.js, `${page} downloads ${w.js} bytes of JavaScript gzip (budget ${5 * KB})`).toBeLessThanOrEqual(5 * KB);
    });
  }
  it('site CSS at most 10 KB', () => {
    const w = firstViewWeight(dist, '/en/home');
    expect(w.css, `site CSS is ${w.css} bytes gzip (budget ${10 * KB})`).toBeLessThanOrEqual(10 * KB);
  });
  it('the calculator page at most 90 KB of JavaScript once the island loaded', async () => {
    const { readFileSync } = await import('node:fs');
    const html = readFileSync(path.join(dist, 'en/calculator/index.html'), 'utf8');
    const islands = [...html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]!);
    const w = firstViewWeight(dist, '/en/calculator');
    const { gzipSync } = await import('node:zlib');
    const seen = new Set(w.files);
    let js = w.js;
    const queue = [...islands];
    while (queue.length) {
      const src = queue.shift()!;
      if (seen.has(src)) continue;
      seen.add(src);
      const code = readFileSync(path.join(dist, src));
      js += gzipSync(code, { level: 9 }).length;
      for (const m of code.toString().matchAll(STATIC_IMPORT)) queue.push(new URL(m[1]!, `http://x${src}`).pathname);
    }
    expect(js, `calculator JavaScript is ${js} bytes gzip (budget ${90 * KB}): ${[...seen].join(', ')}`).toBeLessThanOrEqual(90 * KB);
  });
});
