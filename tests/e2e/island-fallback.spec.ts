// When an island's JavaScript cannot load, its area says so in the page's language with the
// phone line instead of a form that does nothing (blocked chunk, or no answer for 120 s).
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const islandChunk = (url: URL) => /^\/_astro\/Calculator\.[\w-]+\.js$/.test(url.pathname);
const messages = {
  en: {
    text: 'This part of the page could not load. Please reload the page, or call 1-833-733-7835 for help.',
    calculate: 'Calculate',
    heading: 'Calculate your estimate',
  },
  fr: {
    text: 'Cette partie de la page n’a pas pu se charger. Veuillez recharger la page ou composer le 1-833-733-7835 pour obtenir de l’aide.',
    calculate: 'Calculer',
    heading: 'Calculer votre estimation',
  },
};

/** Scrolls to the calculator's heading, as a reader would: the form (or its fallback message) is
 *  just below it. Not to `astro-island`: it is display: contents, has no box, and Playwright's
 *  scroll waits for a visibility it never gets; nor to the form, which a failure hides. */
async function scrollToCalculator(page: Page, lang: 'en' | 'fr') {
  await page.getByRole('heading', { name: messages[lang].heading, level: 2 }).scrollIntoViewIfNeeded();
}

for (const lang of ['en', 'fr'] as const) {
  test(`${lang}: a calculator island whose script fails to load shows the message with the phone line`, async ({
    page,
  }) => {
    let blocked = 0;
    await page.route(islandChunk, (route) => {
      blocked++;
      return route.abort();
    });
    await page.goto(`/${lang}/calculator`);
    await scrollToCalculator(page, lang);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(messages[lang].text);
    await expect(alert.getByRole('link', { name: '1-833-733-7835' })).toHaveAttribute('href', 'tel:18337337835');
    await expect(page.getByRole('button', { name: messages[lang].calculate, exact: true })).toBeHidden();
    expect(blocked).toBeGreaterThan(0);
    await expect(page.locator('.page-loader')).toBeHidden();
    await expectNoAxeViolations(page);
  });
}

test('an island still not loaded 120 s after it came into view shows the message', async ({ page }) => {
  await page.clock.install();
  let requested = false;
  await page.route(islandChunk, () => {
    requested = true;
  }); // never answered
  await page.goto('/en/calculator');
  await scrollToCalculator(page, 'en');
  // Astro has asked for the island's chunk: it came into view.
  await expect.poll(() => requested).toBe(true);
  // The full-screen loader says the page is loading, without blocking it: the page's own watcher
  // has seen the island too (its observer may fire just after Astro's), so its 120 s run from now.
  const loader = page.getByRole('status').filter({ hasText: 'Loading…' });
  await expect(loader).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(loader).toBeVisible();
  await page.clock.runFor(61_000);
  await expect(page.getByRole('alert')).toHaveText(messages.en.text);
  await expect(page.locator('.page-loader')).toBeHidden();
});

test('a calculator that loads shows no failure message', async ({ page }) => {
  await page.goto('/en/calculator');
  await scrollToCalculator(page, 'en');
  // The form is disabled until React is in charge: an enabled button is a hydrated calculator.
  await expect(page.getByRole('button', { name: 'Calculate', exact: true })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

for (const [lang, label] of [
  ['en', 'Loading…'],
  ['fr', 'Chargement…'],
] as const) {
  test(`${lang}: a slow island shows the full-screen loader until it has loaded`, async ({ page }) => {
    // The island's chunk is held until the loader has been seen: the calculator's code may come
    // before the reader scrolls (src/site/islands/when-used/), so a fixed delay would race it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(islandChunk, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/${lang}/calculator`);
    await scrollToCalculator(page, lang);
    const loader = page.getByRole('status').filter({ hasText: label });
    await expect(loader).toBeVisible();
    await expect(page.locator('.page-loader')).toHaveCSS('pointer-events', 'none');
    await expect(page.getByRole('button', { name: messages[lang].calculate, exact: true })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: messages[lang].calculate, exact: true })).toBeEnabled();
    await expect(loader).toBeHidden();
  });
}
