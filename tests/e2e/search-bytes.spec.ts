// The bytes a first search downloads (Pagefind script, wasm, index chunks, filters, fragments),
// gzip-compressed as a server with compression sends them. The bench reports the same figure:
// run this file with SEARCH_BYTES_JSON=<file> to get {lang: {files, gzipBytes, results}} written
// there, for each language, even one whose search found nothing (then results is 0).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.ts';

const budget = 100 * 1024;

for (const [lang, query] of [
  ['en', 'rent help'],
  ['fr', 'aide au loyer'],
] as const) {
  test(`a first ${lang} search downloads under 100 KB gzip`, async ({ page }) => {
    const sizes = new Map<string, number>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/pagefind/')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      // Pagefind's index files are already gzip-compressed (they start with the gzip magic bytes).
      const compressed = body[0] === 0x1f && body[1] === 0x8b ? body.length : gzipSync(body, { level: 9 }).length;
      sizes.set(url.pathname, compressed);
    });
    await page.goto(`/${lang}/search?q=${encodeURIComponent(query)}`);
    // The search's answer, results or none: the bytes are measured either way.
    const status = page.getByRole('status');
    await expect(status).toContainText(/\d+ (results?|résultats?)|No results|Aucun résultat/);
    await page.waitForLoadState('networkidle');
    const results = Number((await status.textContent())?.match(/\d+/)?.[0] ?? 0);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const out = process.env.SEARCH_BYTES_JSON;
    if (out) {
      // Tests may run in different workers: merge into what the other language wrote.
      const measured = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8') || '{}') : {};
      const figures = { files: sizes.size, gzipBytes: total, results };
      writeFileSync(out, JSON.stringify({ ...measured, [lang]: figures }, null, 2));
    }
    console.log(
      `[search-bytes] ${lang}: ${results} results, ${sizes.size} files, ${total} bytes gzip\n  ${[...sizes].map(([p, n]) => `${n}\t${p}`).join('\n  ')}`,
    );
    expect(results, `results for « ${query} »`).toBeGreaterThan(0);
    await expect(page.locator('.search-results li').first()).toBeVisible();
    expect(sizes.size).toBeGreaterThan(2);
    expect(total).toBeLessThan(budget);
  });
}
