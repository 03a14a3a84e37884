// Reflow (WCAG 1.4.10): at 320 CSS px, in both languages, no page and no state of an island
// scrolls sideways. A wide table scrolls in its own box, its caption read whole in the box at
// either end; nothing else may push the page wider.
// One test per language, one browser page: every page type (every map), then the states the
// islands reach (errors, results, dialogs, the chat panel).
import type { Page } from '@playwright/test';
import { calculatorStrings } from '../../src/features/calculator/strings.ts';
import { chatStrings } from '../../src/features/chat/strings.ts';
import { registrationStrings } from '../../src/features/chb-registration/strings.ts';
import { correctionStrings } from '../../src/features/correction/strings.ts';
import { mapStrings } from '../../src/features/map/strings.ts';
import { builtHtml, builtPages, pageType } from './support/built-pages.ts';
import { expect, test, waitForIslands } from './support/fixtures.ts';

test.use({ viewport: { width: 320, height: 640 } });

/** Why the page is wider than the window: its width and the outermost elements that stick out. */
async function sideways(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    if (width <= window.innerWidth) return undefined;
    const out = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
    const culprits = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => out(el) && (!el.parentElement || !out(el.parentElement)))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}`);
    return `${width} px wide (${culprits.join(', ')})`;
  });
}

/** The captions of wide tables that cannot be read whole in their box, scrolled to either end. */
async function cutCaptions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.table-scroll'))
      .filter((box) => box.scrollWidth > box.clientWidth)
      .flatMap((box) => {
        const caption = box.querySelector('caption');
        if (!caption) return [];
        const cut = [0, box.scrollWidth].some((end) => {
          box.scrollLeft = end;
          const [c, b] = [caption.getBoundingClientRect(), box.getBoundingClientRect()];
          return c.left < b.left - 1 || c.right > b.right + 1;
        });
        box.scrollLeft = 0;
        return cut ? [`the caption "${caption.textContent?.slice(0, 40)}…" is cut off in its box`] : [];
      }),
  );
}

const tile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWN48ewhAAVpArAt/14pAAAAAElFTkSuQmCC',
  'base64',
);

for (const lang of ['en', 'fr'] as const) {
  test(`no page or island state scrolls sideways at 320 px (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    // Nothing leaves the machine: map tiles and the chat frame are answered here.
    await page.route(/^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//, (r) =>
      r.fulfill({ status: 200, contentType: 'image/png', body: tile }),
    );
    await page.route(/nb\.211\.ca/, (r) => r.fulfill({ contentType: 'text/html', body: '<p>chat</p>' }));
    const problems: string[] = [];
    const check = async (what: string) => {
      const why = await sideways(page);
      if (why) problems.push(`${what}: ${why}`);
      for (const cut of await cutCaptions(page)) problems.push(`${what}: ${cut}`);
    };

    // Every page type once (every map: each has its own data; every page with a table from the
    // CMS), and the not-found page.
    const seen = new Map<string, string>();
    for (const p of builtPages(lang)) {
      const key = pageType(p) === 'map' || builtHtml(p).includes('<table') ? p : pageType(p);
      if (!seen.has(key)) seen.set(key, p);
    }
    expect(seen.size).toBeGreaterThan(10);
    for (const url of [...seen.values(), `/${lang}/no-such-page-for-reflow`]) {
      await page.goto(url);
      await waitForIslands(page);
      await check(url);
    }

    // The calculator: its error summary, then its result table.
    const calc = calculatorStrings[lang];
    await page.goto(`/${lang}/calculator`);
    await waitForIslands(page);
    await page.getByRole('button', { name: calc.calculate }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await check('calculator, errors');
    await page.getByLabel(calc.applicant).fill('30000');
    await page.getByLabel(calc.familyType).selectOption({ label: calc.single });
    await page.getByLabel(calc.dependents).selectOption('0');
    await page.getByRole('button', { name: calc.calculate }).click();
    await expect(page.getByRole('heading', { name: calc.resultTitle })).toBeFocused();
    await check('calculator, result');

    // The registration: the first step's errors, then the "Other income" step and its error.
    const reg = registrationStrings[lang];
    await page.goto(`/${lang}/chb-registration`);
    await waitForIslands(page);
    const next = async (to: keyof typeof reg.steps) => {
      await page.getByRole('button', { name: reg.continue, exact: true }).click();
      await expect(page.getByRole('heading', { name: reg.steps[to] })).toBeFocused();
    };
    await page.getByRole('button', { name: reg.continue, exact: true }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await check('registration, errors');
    await fillApplicant(page, lang);
    await next('members19Plus');
    await next('members18Under');
    await next('rental');
    await page.getByLabel(reg.monthlyRent).fill('950');
    await page.getByRole('group', { name: reg.utilitiesIncluded }).getByRole('radio').last().check();
    await page.getByLabel(reg.water).fill('0');
    await page.getByLabel(reg.electricity).fill('120');
    await page.getByLabel(reg.heat).fill('80');
    await page.getByRole('group', { name: reg.rentalType }).getByRole('radio').first().check();
    await next('employment');
    await next('otherIncome');
    await check('registration, other income');
    await page.getByRole('button', { name: reg.continue, exact: true }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await check('registration, other income with its error');

    // Search results.
    await page.goto(`/${lang}/search?q=${lang === 'en' ? 'housing' : 'logement'}`);
    await expect(page.locator('.search-results li').first()).toBeVisible();
    await check('search results');

    // A map with results (list and Leaflet map).
    const maps = mapStrings[lang];
    await page.goto(`/${lang}/map/nursing-homes`);
    await page.getByLabel(maps.label).fill('E1C 4B7');
    await page.getByRole('button', { name: maps.submit, exact: true }).click();
    await expect(page.locator('path.facility-dot').first()).toBeAttached();
    await check('map, results');

    // The correction form: errors, then its thank-you dialog.
    const corr = correctionStrings[lang];
    await page.goto(`/${lang}/correction`);
    await waitForIslands(page);
    await page.getByRole('button', { name: corr.submit, exact: true }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await check('correction, errors');
    await page.getByLabel(corr.type).selectOption({ index: 1 });
    await page.getByLabel(corr.description).fill('A sentence to correct.');
    await page.getByRole('button', { name: corr.submit, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('correction, thank-you dialog');

    // The 211 chat: its disclaimer, then the open panel.
    const chat = chatStrings[lang];
    await page.goto(`/${lang}/home`);
    await page.getByRole('button', { name: chat.getHelp }).click();
    await expect(page.getByRole('dialog', { name: chat.MODAL_211_TITLE })).toBeVisible();
    await check('chat disclaimer');
    await page.getByRole('button', { name: chat.chatNow }).click();
    await expect(page.locator('.chat-panel iframe')).toBeVisible();
    await check('chat panel');

    expect(problems).toEqual([]);
  });
}

async function fillApplicant(page: Page, lang: 'en' | 'fr') {
  const s = registrationStrings[lang];
  await page.getByLabel(s.firstName, { exact: true }).fill('Marie');
  await page.getByLabel(s.lastName, { exact: true }).fill('Leblanc');
  await page.getByLabel(s.email, { exact: true }).fill('marie@example.ca');
  await page.getByLabel(s.phone, { exact: true }).fill('506 555 0123');
  await page.getByLabel(s.dateOfBirth, { exact: true }).fill('1988-04-17');
  for (const group of [s.gender, s.writtenLanguage, s.spokenLanguage, s.communication])
    await page.getByRole('group', { name: group }).getByRole('radio').first().check();
  await page.getByLabel(s.sin, { exact: true }).fill('046 454 286');
  const home = page.getByRole('group', { name: s.homeAddress });
  await home.getByLabel(s.streetName).fill('Main Street');
  await home.getByLabel(s.city).fill('Moncton');
  await home.getByLabel(s.province).selectOption({ label: lang === 'en' ? 'New Brunswick' : 'Nouveau-Brunswick' });
  await home.getByLabel(s.postalCode).fill('e1c4b6');
}
