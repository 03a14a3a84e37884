// Shared browser-test helpers: the test function (its context reset between tests, Firefox for the
// tests that ask for it), axe with the WCAG 2.2 AA rule set, and the nginx origin.
import { expect, test as base, type Page } from '@playwright/test';
import type { Browser } from 'puppeteer-core';
import { axeFindings } from './engines.ts';
import { launchFirefox, watchedPage, type WatchedPage } from './firefox.ts';

export async function expectNoAxeViolations(page: Page, options: { include?: string; exclude?: string[] } = {}) {
  const summary = (await axeFindings(page, options)).map(
    (v) => `${v.rule} ${v.message}\n    ${v.where.slice(0, 5).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Origin of nginx serving the same build with the generated configuration. */
export const nginxOrigin = `http://127.0.0.1:${process.env.E2E_NGINX_PORT}`;

/**
 * One browser context per worker, reused from test to test (playwright.config.ts, reuseContext).
 * Playwright's reset between tests clears cookies, storage, caches, routes, init scripts and
 * service workers; what it leaves is reset here: permissions granted, the network taken offline,
 * headers added to every request (a test's own client address for the rate limits), a position.
 * Firefox (support/firefox.ts) starts in a worker the first time one of its tests runs there: its
 * tests are the same workers' as the others, so they run among them instead of after them all.
 */
export const test = base.extend<{ firefox: WatchedPage }, { firefoxBrowser: Browser }>({
  context: async ({ context }, use) => {
    await use(context);
    await context.clearPermissions();
    await context.setOffline(false);
    await context.setExtraHTTPHeaders({});
    await context.setGeolocation(null);
    for (const page of context.pages()) await page.setExtraHTTPHeaders({});
  },
  firefoxBrowser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchFirefox();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  firefox: async ({ firefoxBrowser }, use) => {
    const watched = await watchedPage(firefoxBrowser);
    await use(watched);
    await watched.page.close();
  },
});
export { expect };

/** Waits until every React island on the page has hydrated (Astro removes the `ssr` attribute). */
export async function waitForIslands(page: Page) {
  // client:visible islands hydrate when scrolled into view, as they do for a reader. Done in the
  // page, one frame per island, since an island may hydrate (and lose [ssr]) at any moment.
  await page.evaluate(async () => {
    for (const island of Array.from(document.querySelectorAll('astro-island[ssr]'))) {
      (island.firstElementChild ?? island).scrollIntoView({ block: 'center' });
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }
  });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
