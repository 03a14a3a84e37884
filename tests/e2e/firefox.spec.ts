// Each island and page script driven in Firefox ESR (tests/e2e/support/firefox.ts), in both
// languages, beside the Chromium tests: a few walks through the site this run serves, each
// failing on any script error or console error. The flows' details are the Chromium specs'.
import type { Page } from 'puppeteer-core';
import { expect } from '@playwright/test';
import { test } from './support/fixtures.ts';
import { registrationStrings } from '../../src/features/chb-registration/strings.ts';
import { chatStrings } from '../../src/features/chat/strings.ts';
import { correctionStrings, correctionTypeLabels } from '../../src/features/correction/strings.ts';
import { feedbackStrings } from '../../src/features/feedback/strings.ts';
import { finderStrings } from '../../src/features/finder/strings.ts';
import { offlineStrings } from '../../src/features/offline/strings.ts';
import { screeningStrings } from '../../src/features/screening/strings.ts';

const programPage = { en: '/en/program/home-support-services', fr: '/fr/program/services-de-soutien-a-domicile' };

/** Waits until the page shows the text (the script wrote it). */
const shows = (page: Page, text: string) =>
  page.waitForFunction((t) => document.body.innerText.includes(t), { timeout: 10_000 }, text);

/** Waits until the page's React islands have hydrated (Astro removes their `ssr` attribute). */
const islandsReady = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, { timeout: 15_000 });

/** A button by its exact text, once a script has made or enabled it. */
const button = (page: Page, text: string) => page.locator(`::-p-text(${JSON.stringify(text)})`);

const choose = (page: Page, name: string, value: string) =>
  page.locator(`input[name="${name}"][value="${value}"]`).click();

test.describe.configure({ mode: 'parallel' });

for (const lang of ['en', 'fr'] as const) {
  test(`Firefox (${lang}): feedback Yes and a comment, then a correction`, async ({ firefox, baseURL }) => {
    const { page, errors } = firefox;
    const f = feedbackStrings[lang];
    await page.goto(`${baseURL}${programPage[lang]}`);
    await page.locator('[data-feedback] button[value="yes"]').click();
    await shows(page, f.feedbackThanks);
    await page.locator('[data-feedback] textarea').fill('Clear');
    await button(page, f.feedbackSend).click();
    await shows(page, f.feedbackCommentThanks);

    const c = correctionStrings[lang];
    await page.goto(`${baseURL}/${lang}/correction?page=/${lang}/home`);
    await page.select('#correction-type', 'broken_link');
    expect(await page.$eval('#correction-type', (s) => (s as HTMLSelectElement).selectedOptions[0]!.text)).toBe(
      correctionTypeLabels[lang].broken_link,
    );
    await page.locator('#correction-description').fill('The link to the guide does not work.');
    await button(page, c.submit).click();
    await page.waitForSelector('dialog[open]');
    await shows(page, c.thanksText);
    expect(errors).toEqual([]);
  });

  test(`Firefox (${lang}): calculator, screening and finder to a result`, async ({ firefox, baseURL }) => {
    const { page, errors } = firefox;
    await page.goto(`${baseURL}/${lang}/calculator`);
    await islandsReady(page);
    await page.locator('#calc-applicant').fill('20000');
    await page.select('#calc-family', await page.$eval('#calc-family option:nth-child(2)', (o) => o.value));
    await page.select('#calc-dependents', '0');
    await page.locator('astro-island button[type="submit"]').click();
    await page.waitForSelector('table', { visible: true, timeout: 15_000 });

    const s = screeningStrings[lang];
    await page.goto(`${baseURL}/${lang}/screening`);
    await choose(page, 'household', 'alone');
    await choose(page, 'under65', 'yes');
    await choose(page, 'renting', 'yes');
    await choose(page, 'selfContained', 'yes');
    await choose(page, 'otherSubsidy', 'no');
    await choose(page, 'livesInNb', 'yes');
    await choose(page, 'employed', 'yes');
    await page.locator('#q-income-input').fill('30000');
    await choose(page, 'taxesFiled', 'yes');
    await page.locator('[data-screening-form] button[type="submit"]').click();
    await shows(page, s.mayQualify);

    const fs = finderStrings[lang];
    await page.goto(`${baseURL}/${lang}/finder`);
    await shows(page, fs.countNone);
    await page.locator('#a-rent').click();
    await page.waitForFunction(
      (none) => {
        const count = document.querySelector('[data-finder-count]')?.textContent ?? none;
        return count !== none && document.querySelectorAll('[data-finder-list] li:not([hidden])').length > 0;
      },
      { timeout: 10_000 },
      fs.countNone,
    );
    expect(errors).toEqual([]);
  });

  test(`Firefox (${lang}): map search, site search, chat, registration, offline page`, async ({ firefox, baseURL }) => {
    const { page, errors } = firefox;
    await page.goto(`${baseURL}/${lang}/map/nursing-homes`);
    await page.locator('input[name="postal"]').fill('E1C 4B7');
    await page.locator('[data-map-form] button[type="submit"]').click();
    await page.waitForSelector('[data-results]:not([hidden]) [data-list] li', { timeout: 15_000 });
    // The map's own module (Leaflet) loads after the list; leaving before it would abort it.
    await page.waitForSelector('[data-map]:not([hidden])', { timeout: 15_000 });

    await page.goto(`${baseURL}/${lang}/search?q=${lang === 'en' ? 'housing' : 'logement'}`);
    await page.waitForSelector('[data-search-results] li', { timeout: 15_000 });

    const chat = chatStrings[lang];
    await page.goto(`${baseURL}/${lang}/home`);
    await page.locator('button[data-chat-open]').click();
    await page.waitForSelector('dialog[open]', { timeout: 15_000 });
    await button(page, chat.decline).click();
    await page.waitForSelector('dialog[open]', { hidden: true });

    await page.goto(`${baseURL}/${lang}/chb-registration`);
    await islandsReady(page);
    await button(page, registrationStrings[lang].continue).click();
    await page.waitForSelector('[role="alert"] a', { timeout: 10_000 });

    await page.goto(`${baseURL}/${lang}/offline`);
    // Opened online, its script says so (and lists the pages the worker saved).
    await shows(page, offlineStrings[lang].onlineTitle);
    expect(errors).toEqual([]);
  });
}

test('Firefox: a script error on the page fails the walk', async ({ firefox, baseURL }) => {
  const { page, errors } = firefox;
  await page.goto(`${baseURL}/en/home`);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('deliberate script error');
    });
    console.error('deliberate console error');
  });
  await expect.poll(() => errors.length).toBe(2);
  expect(errors).toEqual(['console error: deliberate console error', 'script error: Error: deliberate script error']);
});
