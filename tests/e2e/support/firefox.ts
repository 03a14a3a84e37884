// Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi (Playwright's own Firefox
// cannot be downloaded here; puppeteer-core downloads no browser): one browser per Playwright
// worker that runs a Firefox test, a fresh page per test that records every script error and
// console error. The fixtures are the common test's (fixtures.ts).
import type { Browser, Page } from 'puppeteer-core';

const executablePath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** A page with the script errors and console errors it met, as text. */
export interface WatchedPage {
  page: Page;
  errors: string[];
}

export async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await browser.newPage();
  // A client address of its own (the e2e server trusts its loopback proxy's): these tests run
  // among the Chromium tests, and their posts would spend the form rate limit those share.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.250' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`script error: ${e instanceof Error ? e.message : String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  return { page, errors };
}

/** Firefox ESR, headless. */
export async function launchFirefox(): Promise<Browser> {
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({ browser: 'firefox', protocol: 'webDriverBiDi', executablePath, headless: true });
}
