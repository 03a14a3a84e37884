// Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi (Playwright's own Firefox
// cannot be downloaded here; puppeteer-core downloads no browser): one browser per Playwright
// worker, a fresh page per test that records every script error and console error.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { test as base } from '@playwright/test';

const executablePath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** A page with the script errors and console errors it met, as text. */
export interface WatchedPage {
  page: Page;
  errors: string[];
}

async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`script error: ${e instanceof Error ? e.message : String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  return { page, errors };
}

export const test = base.extend<{ firefox: WatchedPage }, { firefoxBrowser: Browser }>({
  firefoxBrowser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await puppeteer.launch({
        browser: 'firefox',
        protocol: 'webDriverBiDi',
        executablePath,
        headless: true,
      });
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
