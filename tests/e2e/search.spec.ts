// Search with Pagefind in a page: the header search lands on results in the page's language, the filter,
// an empty search, More results, the language switch, no JavaScript. What each query finds, ranked: tests/site/search-relevance.test.ts.
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

// One query per language, through the header search.
const dental = {
  en: ['dental', '/en/program/healthy-smiles-clear-vision-program'],
  fr: ['dentaire', '/fr/program/programme-beaux-sourires-et-bonne-vision'],
} as const;

async function topThree(page: import('@playwright/test').Page) {
  await expect(page.getByRole('status')).toContainText(/résultat|result/);
  return page
    .locator('.search-results li h2 a')
    .evaluateAll((links) => links.slice(0, 3).map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

for (const lang of ['en', 'fr'] as const) {
  test(`header search lands on ${lang} results`, async ({ page }) => {
    await page.goto(`/${lang}/home`);
    const box = page.getByRole('search').first().getByRole('searchbox');
    await box.fill(dental[lang][0]);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${lang}/search\\?q=`));
    await expect(page.getByRole('searchbox')).toHaveValue(dental[lang][0]);
    const top = await topThree(page);
    expect(top).toContain(dental[lang][1]);
    const all = await page
      .locator('.search-results li h2 a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(all.every((p) => p.startsWith(`/${lang}/`))).toBe(true);
    await expectNoAxeViolations(page);
  });
}

test('the category filter narrows results and the count updates', async ({ page }) => {
  await page.goto('/en/search?q=program');
  const status = page.getByRole('status');
  await expect(status).toContainText('results for');
  const before = Number((await status.textContent())!.match(/\d+/)![0]);
  await page.getByLabel('Filter by category').selectOption('Seniors');
  await expect(status).not.toHaveText(`${before} results for “program”`);
  const after = Number((await status.textContent())!.match(/\d+/)![0]);
  expect(after).toBeLessThan(before);
});

test('an empty search points to categories, the cant-find page and the phone line', async ({ page }) => {
  await page.goto('/fr/search?q=zzzqqqxxx');
  await expect(page.getByRole('status')).toHaveText('Aucun résultat pour « zzzqqqxxx »');
  await expect(page.getByRole('button', { name: 'Plus de résultats' })).toBeHidden();
  // The link sits inside one sentence, never a bare page title after « consultez ».
  const help = page.getByText(
    /^Essayez d’autres mots, parcourez une catégorie ou consultez notre aide pour trouver un programme\.$/,
  );
  await expect(help).toBeVisible();
  await expect(help.getByRole('link', { name: 'notre aide pour trouver un programme' })).toHaveAttribute(
    'href',
    '/fr/page/programme-introuvable',
  );
  await expect(page.getByText('1-833-733-7835').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const [lang, other] of [
  ['en', 'fr'],
  ['fr', 'en'],
] as const) {
  test(`the ${lang} index holds no ${other} page`, async ({ page }) => {
    // A word found on many pages of the other language: none of them may come up here.
    const word = lang === 'en' ? 'logement' : 'housing';
    await page.goto(`/${lang}/search?q=${word}`);
    await expect(page.getByRole('status')).toContainText(lang === 'en' ? `for “${word}”` : `pour « ${word} »`);
    const all = await page
      .locator('.search-results li h2 a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(all.filter((p) => !p.startsWith(`/${lang}/`))).toEqual([]);
    // And the same search in the other language finds its pages.
    await page.goto(`/${other}/search?q=${word}`);
    await expect(page.getByRole('status')).toContainText(/\d+ (results|résultats?)/);
  });
}

test('without JavaScript the search page says so and lists the categories', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/search?q=loyer');
  await expect(page.getByText('La recherche nécessite JavaScript.')).toBeVisible();
  const links = await page.locator('.category-tiles a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links.length).toBeGreaterThan(3);
  expect(links.every((h) => h!.startsWith('/fr/category/'))).toBe(true);
  await context.close();
});

test('More results shows the next results and moves focus to the first new one', async ({ page }) => {
  await page.goto('/en/search?q=program');
  await expect(page.getByRole('status')).toContainText('results for');
  const total = Number((await page.getByRole('status').textContent())!.match(/\d+/)![0]);
  expect(total, 'the snapshot has more than one page of results for “program”').toBeGreaterThan(10);
  await expect(page.locator('.search-results li')).toHaveCount(10);
  await page.getByRole('button', { name: 'More results' }).click();
  await expect(page.locator('.search-results li')).toHaveCount(Math.min(20, total));
  await expect(page.locator('.search-results li').nth(10).locator('a')).toBeFocused();
});

test('the language switch keeps the query', async ({ page }) => {
  await page.goto('/en/search?q=housing');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Français', exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/search\?q=housing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Résultats de recherche' })).toBeVisible();
});
