// Category pages in both languages: every category with its found-count and its static
// pagination (First / Previous / Next / Last) with JavaScript off; "Load more" and the type
// filter with JavaScript on.
import { CATEGORY_PAGE_SIZE as PAGE } from '../../src/site/rules/paths.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const slugs = [
  'seniors',
  'disability',
  'housing',
  'finances',
  'abuse-and-neglect',
  'families-and-youth',
  'your-health',
];
const t = {
  en: {
    found: 'programs and services found',
    first: 'First',
    previous: 'Previous',
    next: 'Next',
    last: 'Last',
    more: 'Load more',
    loaded: (n: number) => `More results shown: ${n}.`,
    community: 'Community services',
    all: 'All',
    pageOf: 'Page 3 of 3',
    pagination: 'Results pages',
  },
  fr: {
    found: 'programmes et services trouvés',
    first: 'Première',
    previous: 'Précédente',
    next: 'Suivante',
    last: 'Dernière',
    more: 'Afficher plus',
    loaded: (n: number) => `${n} autres résultats affichés.`,
    community: 'Services communautaires',
    all: 'Tous',
    pageOf: 'Page 3 sur 3',
    pagination: 'Pages de résultats',
  },
};
const cards = '[data-results] > li';

test.describe('every category without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const lang of ['en', 'fr'] as const) {
    const s = t[lang];
    for (const slug of slugs) {
      test(`${lang} ${slug}: found-count, pages and first / previous / next / last`, async ({ page }) => {
        await page.goto(`/${lang}/category/${slug}`);
        const found = Number(
          (await page.getByRole('status').textContent())?.match(new RegExp(`^(\\d+) ${s.found}$`))?.[1],
        );
        expect(found).toBeGreaterThan(0);
        await expect(page.getByRole('button', { name: s.more })).toBeHidden();
        const pages = Math.ceil(found / PAGE);
        const nav = page.getByRole('navigation', { name: s.pagination, exact: true });
        let seen = await page.locator(cards).count();
        expect(seen).toBe(Math.min(found, PAGE));
        if (pages === 1) {
          await expect(nav).toHaveCount(0);
          return;
        }
        await expect(nav.getByRole('link', { name: s.first, exact: true })).toHaveCount(0);
        await expect(nav.getByRole('link', { name: s.previous, exact: true })).toHaveCount(0);
        for (let n = 2; n <= pages; n++) {
          await nav.getByRole('link', { name: s.next, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`/${lang}/category/${slug}/page/${n}$`));
          await expect(page.getByRole('status')).toHaveText(`${found} ${s.found}`);
          seen += await page.locator(cards).count();
        }
        expect(seen).toBe(found);
        await expect(nav.getByRole('link', { name: s.next, exact: true })).toHaveCount(0);
        await expect(nav.getByRole('link', { name: s.last, exact: true })).toHaveCount(0);
        await nav.getByRole('link', { name: s.first, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/category/${slug}$`));
        await nav.getByRole('link', { name: s.last, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/category/${slug}/page/${pages}$`));
        await nav.getByRole('link', { name: s.previous, exact: true }).click();
        await expect(page).toHaveURL(
          pages === 2 ? new RegExp(`/${lang}/category/${slug}$`) : new RegExp(`/page/${pages - 1}$`),
        );
      });
    }
  }
});

for (const lang of ['en', 'fr'] as const) {
  const s = t[lang];
  test(`${lang}: Load more appends the next page, announces it, moves focus and hides on the last page`, async ({
    page,
  }) => {
    await page.goto(`/${lang}/category/seniors`);
    await expect(page.getByRole('status')).toHaveText(`14 ${s.found}`);
    await expect(page.locator(cards)).toHaveCount(PAGE);
    const last = await page
      .locator(cards)
      .nth(PAGE - 1)
      .textContent();
    await page.getByRole('button', { name: s.more }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(cards)).toHaveCount(2 * PAGE);
    await expect(page.locator(cards).nth(PAGE - 1)).toHaveText(last ?? '');
    await expect(page.locator(`${cards}:nth-child(${PAGE + 1}) a`)).toBeFocused();
    await expect(page.locator('[data-announce]')).toHaveText(s.loaded(PAGE));
    await page.getByRole('button', { name: s.more }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(cards)).toHaveCount(14);
    await expect(page.locator('[data-announce]')).toHaveText(s.loaded(14 - 2 * PAGE));
    await expect(page.getByRole('button', { name: s.more })).toBeHidden();
    await expect(page.getByRole('status')).toHaveText(`14 ${s.found}`);
    const nav = page.getByRole('navigation', { name: s.pagination, exact: true });
    await expect(nav).toContainText(s.pageOf);
    await expect(nav.getByRole('link', { name: s.next, exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test(`${lang}: the type filter gives the category's count and works with Load more`, async ({ page }) => {
    await page.goto(`/${lang}/category/seniors`);
    await page.getByRole('radio', { name: s.community }).check();
    await expect(page.getByRole('status')).toHaveText(`4 ${s.found}`);
    const visible = page.locator(`${cards}:not([hidden])`);
    await expect(visible.first()).toBeVisible();
    for (const card of await visible.all()) await expect(card).toHaveAttribute('data-type', 'community');
    const more = page.getByRole('button', { name: s.more });
    while (await more.isVisible()) {
      const before = await page.locator(cards).count();
      await more.click();
      await expect(page.locator(cards)).not.toHaveCount(before);
    }
    await expect(visible).toHaveCount(4);
    for (const card of await visible.all()) await expect(card).toHaveAttribute('data-type', 'community');
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: s.all, exact: true }).check();
    await expect(page.getByRole('status')).toHaveText(`14 ${s.found}`);
    await expect(visible).toHaveCount(14);
  });
}

test('Load more says so when the next page cannot be fetched, and the page links stay', async ({ page }) => {
  await page.route('**/en/category/seniors/page/2', (route) => route.abort());
  await page.goto('/en/category/seniors');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.locator('[data-announce]')).toHaveText(
    'More results could not be loaded. Use the page links below.',
  );
  await expect(page.locator(cards)).toHaveCount(PAGE);
  await expect(
    page
      .getByRole('navigation', { name: t.en.pagination, exact: true })
      .getByRole('link', { name: 'Next', exact: true }),
  ).toBeVisible();
});

test('a filter with nothing of its type on the loaded page brings in the next page by itself', async ({ page }) => {
  // Page 1 served with every card marked government: the community ones are all on page 2.
  await page.route('**/en/category/seniors', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      body: (await response.text()).replaceAll('data-type="community"', 'data-type="government"'),
    });
  });
  await page.goto('/en/category/seniors');
  await page.getByRole('radio', { name: 'Community services' }).check();
  const visible = page.locator(`${cards}:not([hidden])`);
  await expect(visible.first()).toBeVisible();
  for (const card of await visible.all()) await expect(card).toHaveAttribute('data-type', 'community');
  expect(await page.locator(cards).count()).toBeGreaterThan(PAGE);
  await expect(page.locator('[data-announce]')).toHaveText(/^More results shown: \d+\.$/);
});
