import { test } from './support/fixtures.ts';
const qs: Array<[string, string]> = [
  ['en','seniors'],['en','senior'],['en','disabilities'],['en','disability'],['en','abuse'],['en','food'],['en','job'],['en','banks'],['en','wheelchairs'],['en','glass'],
  ['fr','aines'],['fr','aînés'],['fr','aine'],['fr','logements'],['fr','logement'],['fr','handicaps'],['fr','medicaments'],['fr','lunette'],['fr','foyers de soins'],['fr','alimentaire'],['fr','garderies'],['fr','repit'],
];
test('probe', async ({ page }) => {
  for (const [lang, q] of qs) {
    await page.goto(`/${lang}/search?q=${encodeURIComponent(q)}`);
    await page.waitForFunction(() => /result|résultat/i.test(document.querySelector('[data-search-status]')?.textContent ?? ''));
    const st = await page.locator('[data-search-status]').textContent();
    const top = await page.locator('.search-results li h2 a').evaluateAll((l) => l.slice(0, 3).map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    console.log(lang, q, '|', st, '|', top.join(' '));
  }
});
