// client:when-used (src/site/islands/when-used/): the calculator's code (React and the form) is not
// fetched while a phone loads the page; it comes when the form nears the screen, when the reader
// presses a key or touches the page, or a few seconds after the load, and never ahead of use when
// the browser asks to save data. The page's clock is Playwright's, so "a few seconds" is exact.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// A phone's screen (Lighthouse's mobile one): the form starts below it.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

const islandCode = /\/_astro\/(Calculator|client)\.[\w-]+\.js$/;
const strings = {
  en: { calculate: 'Calculate', heading: 'Calculate your estimate' },
  fr: { calculate: 'Calculer', heading: 'Calculer votre estimation' },
};

async function open(page: Page, context: BrowserContext, lang: 'en' | 'fr', saveData = false) {
  if (saveData) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  }
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (islandCode.test(new URL(r.url()).pathname)) fetched.push(r.url());
  });
  await page.clock.install();
  await page.goto(`/${lang}/calculator`);
  const button = page.getByRole('button', { name: strings[lang].calculate, exact: true });
  await expect(button).toBeDisabled();
  return { fetched, button };
}

for (const lang of ['en', 'fr'] as const) {
  test(`${lang}: nothing while the page loads; the code comes a few seconds after`, async ({ page, context }) => {
    const { fetched, button } = await open(page, context, lang);
    await page.clock.runFor(2000);
    expect(fetched).toEqual([]);
    await page.clock.runFor(5000);
    await expect(button).toBeEnabled();
    expect(fetched.length).toBeGreaterThan(0);
  });
}

test('the form nearing the screen brings its code at once', async ({ page, context }) => {
  const { fetched, button } = await open(page, context, 'fr');
  await page.getByRole('heading', { name: strings.fr.heading, level: 2 }).scrollIntoViewIfNeeded();
  await expect(button).toBeEnabled();
  expect(fetched.length).toBeGreaterThan(0);
});

test('a key pressed brings it at once', async ({ page, context }) => {
  const { button } = await open(page, context, 'en');
  await page.keyboard.press('Tab');
  await expect(button).toBeEnabled();
});

test('saving data: nothing ahead of use, even long after the load; in view, it comes', async ({ page, context }) => {
  const { fetched, button } = await open(page, context, 'en', true);
  expect(await page.evaluate(() => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(
    true,
  );
  await page.clock.runFor(60_000);
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await page.getByRole('heading', { name: strings.en.heading, level: 2 }).scrollIntoViewIfNeeded();
  await expect(button).toBeEnabled();
});
