// Program finder in both languages, keyboard only: answers change the list in place with a why
// line per program and a live count, exclusions remove programs, a copied link (answers in the
// fragment) opens the same list, the list prints without the questions, nothing leaves the
// browser; axe at each state. Without JavaScript the form opens the static list of every program
// with its conditions, and the request carries no answer.
import type { Page, Request } from '@playwright/test';
import { answerLabels, finderStrings, questionLegends } from '../../src/features/finder/strings.ts';
import type { FinderTag } from '../../src/features/finder/rules/questions.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const content = {
  en: {
    chb: 'Canada Housing Benefit (CHB)',
    publicHousing: 'Public Housing and Rent Supplement Programs',
    seniors: 'Low-Income Seniors’ Benefit',
    renovation: 'Seniors’ Home Renovation Program',
    homeowner: 'Homeowner Repair and Landlord Programs',
    foster: 'Foster Care',
    chbWhy: 'Because you rent your home and are working.',
    seniorsWhy: 'Because you are 65 or older and receive a pension.',
    chbConditions: [
      'May fit if you rent your home or are working.',
      'Not for you if you are under 19, own your home, do not have a stable place to live, live in long-term care or receive social assistance.',
    ],
    chbPath: '/en/program/canada-housing-benefit-chb',
  },
  fr: {
    chb: 'Allocation canadienne pour le logement (ACL)',
    publicHousing: 'Programmes de logement public et de supplément au loyer',
    seniors: 'Prestation pour personnes âgées à faible revenu',
    renovation: 'Programme de rénovation domiciliaire pour les personnes aînées',
    homeowner: 'Programmes de réparation pour propriétaires',
    foster: 'Familles d’accueil',
    chbWhy: 'Parce que vous êtes locataire et que vous travaillez.',
    seniorsWhy: 'Parce que vous avez 65 ans ou plus et que vous recevez une pension.',
    chbConditions: [
      'Peut vous convenir si vous êtes locataire ou si vous travaillez.',
      'Ne vous convient pas si vous avez moins de 19 ans, si vous êtes propriétaire de votre logement, si vous n’avez pas de logement stable, si vous vivez dans un établissement de soins de longue durée ou si vous recevez de l’aide sociale.',
    ],
    chbPath: '/fr/program/allocation-canadienne-pour-le-logement',
  },
} as const;

type Lang = 'en' | 'fr';

/** Ticks or picks an answer with the keyboard: focus it, then Space. */
async function answer(page: Page, lang: Lang, tag: FinderTag) {
  const input = page.getByLabel(answerLabels[lang][tag], { exact: true });
  await input.focus();
  await page.keyboard.press('Space');
  await expect(input).toBeChecked();
}

const results = (page: Page) =>
  page
    .getByRole('region', { name: finderStrings.en.resultsTitle })
    .or(page.getByRole('region', { name: finderStrings.fr.resultsTitle }));
const listed = (page: Page) => page.locator('[data-finder-list] > li:visible h3');

/** Every request the page makes, to check that no answer ever leaves the browser. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}
function expectNoAnswerSent(requests: Request[], tags: FinderTag[]) {
  expect(requests.length).toBeGreaterThan(0);
  for (const r of requests) {
    expect(r.method(), r.url()).toBe('GET');
    const url = new URL(r.url());
    expect(url.hash, r.url()).toBe('');
    for (const tag of tags) expect(decodeURIComponent(url.search), `${r.url()} carries an answer`).not.toContain(tag);
  }
}

for (const lang of ['en', 'fr'] as const) {
  const s = finderStrings[lang];
  const c = content[lang];

  test.describe(`program finder (${lang})`, () => {
    test('linked from the landing page (navigator); answers list programs in place with why, count and exclusions', async ({
      page,
    }) => {
      const requests = recordRequests(page);
      // The navigator short path leads to the landing page, which links the finder.
      await page.goto(`/${lang}/navigator`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/home$`));
      const link = page.getByRole('link', { name: s.title, exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/finder$`));
      await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
      await expect(page.getByText(s.privacy)).toBeVisible();
      await expect(page.getByText(s.nojs)).toBeHidden();
      for (const legend of Object.values(questionLegends[lang]))
        await expect(page.getByRole('group', { name: legend })).toBeVisible();
      const count = page.getByRole('status').filter({ hasText: s.countNone });
      await expect(count).toHaveAttribute('aria-live', 'polite');
      await expect(listed(page)).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Renting suggests the housing programs; working adds a second reason for the CHB, first.
      await answer(page, lang, 'rent');
      await expect(listed(page)).toHaveText([c.chb, c.publicHousing]);
      await answer(page, lang, 'working');
      await expect(listed(page)).toHaveText([c.chb, c.publicHousing]);
      const chb = page.locator('[data-finder-list] > li', { hasText: c.chb });
      await expect(chb.locator('.why')).toHaveText(c.chbWhy);
      await expect(chb.getByRole('link', { name: c.chb })).toHaveAttribute('href', c.chbPath);
      await expect(page.locator('[data-finder-count]')).toHaveText(s.countMany.replace('{n}', '2'));
      await expectNoAxeViolations(page);

      // An answer that rules a program out removes it: social assistance excludes the CHB.
      await answer(page, lang, 'social-assistance');
      await expect(listed(page).filter({ hasText: c.chb })).toHaveCount(0);
      await expect(listed(page).first()).toBeVisible();

      // Arrow keys move within a single-choice question: from renting to owning.
      await page.getByLabel(answerLabels[lang].rent, { exact: true }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByLabel(answerLabels[lang].own, { exact: true })).toBeChecked();
      await expect(listed(page).filter({ hasText: c.homeowner })).toHaveCount(1);
      await expect(listed(page).filter({ hasText: c.publicHousing })).toHaveCount(0);

      // Nothing matches: the count says so and the phone line is offered.
      await page.reload();
      await answer(page, lang, 'partner');
      await expect(page.locator('[data-finder-count]')).toHaveText(s.countZero);
      await expect(page.getByRole('link', { name: '1-833-733-7835' })).toHaveAttribute('href', 'tel:18337337835');
      await expect(page.getByRole('button', { name: s.copyLink })).toBeHidden();
      await expectNoAxeViolations(page);

      // "Show programs" takes the keyboard to the results.
      await page.getByRole('button', { name: s.submit }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: s.resultsTitle })).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/${lang}/finder$`));
      expectNoAnswerSent(requests, ['rent', 'working', 'social-assistance', 'partner', 'own']);
    });

    test('a copied link keeps the answers in the fragment and opens the same list; the list prints cleanly', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const requests = recordRequests(page);
      await page.goto(`/${lang}/finder`);
      const senior: FinderTag[] = ['age-65-plus', 'alone', 'rent', 'pension', 'need-money'];
      for (const tag of senior) await answer(page, lang, tag);
      await expect(listed(page)).toHaveCount(10);
      await expect(listed(page).first()).toHaveText(c.seniors);
      await expect(page.locator('[data-finder-list] > li:visible .why').first()).toHaveText(c.seniorsWhy);
      await expect(listed(page).filter({ hasText: c.renovation })).toHaveCount(0);
      await expect(listed(page).filter({ hasText: c.foster })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/${lang}/finder$`));

      const copy = page.getByRole('button', { name: s.copyLink });
      await copy.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-finder-copied]')).toHaveText(s.copied);
      const field = page.getByLabel(s.linkLabel);
      const url = await field.inputValue();
      expect(url).toMatch(new RegExp(`/${lang}/finder#answers=age-65-plus,alone,rent,pension,need-money$`));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await expectNoAxeViolations(page);
      // The answers were never written to the address or sent.
      await expect(page).toHaveURL(new RegExp(`/${lang}/finder$`));
      expectNoAnswerSent(requests, senior);

      const shared = await context.newPage();
      const sharedRequests = recordRequests(shared);
      await shared.goto(url);
      for (const tag of senior) await expect(shared.getByLabel(answerLabels[lang][tag], { exact: true })).toBeChecked();
      await expect(listed(shared)).toHaveText(await listed(page).allTextContents());
      expectNoAnswerSent(sharedRequests, senior);

      // Print: the questions and buttons go, the answers and the list stay.
      await shared.emulateMedia({ media: 'print' });
      await expect(shared.getByRole('group', { name: questionLegends[lang].age })).toBeHidden();
      await expect(shared.getByRole('button', { name: s.copyLink })).toBeHidden();
      await expect(shared.locator('[data-finder-summary]')).toBeVisible();
      await expect(shared.locator('[data-finder-summary]')).toContainText(
        `${s.yourAnswers} ${answerLabels[lang]['age-65-plus']}${s.answerSeparator}${answerLabels[lang].alone}`,
      );
      await expect(listed(shared)).toHaveCount(10);
      const after = await shared
        .locator('[data-finder-list] > li:visible h3 a')
        .first()
        .evaluate((a) => getComputedStyle(a, '::after').content);
      expect(after).toContain(`/${lang}/program/`);
      await expect(results(shared)).toBeVisible();
    });

    test('the finder pages are not indexed for search', async ({ request }) => {
      for (const path of [`/${lang}/finder`, `/${lang}/finder/programs`]) {
        const html = await (await request.get(path)).text();
        expect(html, path).not.toContain('data-pagefind-body');
      }
    });

    test('the list of every program with its conditions passes axe', async ({ page }) => {
      await page.goto(`/${lang}/finder/programs`);
      await expect(page.getByRole('heading', { level: 1, name: s.allTitle })).toBeVisible();
      const chb = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: c.chb }) });
      for (const line of c.chbConditions) await expect(chb.getByText(line, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: c.foster })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('every condition is a whole sentence: no verb left without its subject, adjacent age bands as one', async ({
      page,
    }) => {
      await page.goto(`/${lang}/finder/programs`);
      const lines = await page.locator('.finder-all-list p').allTextContents();
      expect(lines.length).toBeGreaterThan(30);
      // « … ou avez de 19 à 64 ans », « , êtes propriétaire »: a clause after the first lost its « si vous ».
      const orphan = /(?:,|\bou|\bet) (?:avez|êtes|vivez|recevez|travaillez|ne travaillez|n’avez|souhaitez)\b/;
      if (lang === 'fr') expect(lines.filter((l) => orphan.test(l))).toEqual([]);
      // Under 19 and 19 to 64 together read "under 65", never as two bands.
      const bands = lang === 'fr' ? /moins de 19 ans.*de 19 à 64 ans/ : /under 19.*19 to 64/;
      expect(lines.filter((l) => bands.test(l))).toEqual([]);
    });
  });

  test.describe(`program finder without JavaScript (${lang})`, () => {
    test.use({ javaScriptEnabled: false });
    test('no question that nothing would read; the form opens the static list of every program with its conditions', async ({
      page,
    }) => {
      const requests = recordRequests(page);
      await page.goto(`/${lang}/finder`);
      await expect(page.getByText(s.nojs)).toBeVisible();
      await expect(page.getByRole('heading', { name: s.resultsTitle })).toHaveCount(0);
      await expect(page.getByRole('radio')).toHaveCount(0);
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await page.getByRole('button', { name: s.submit }).focus();
      await page.keyboard.press('Enter');
      // The GET form sends no answer: the address ends with an empty query.
      await expect(page).toHaveURL(new RegExp(`/${lang}/finder/programs\\??$`));
      await expect(page.getByRole('heading', { level: 1, name: s.allTitle })).toBeVisible();
      const chb = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: c.chb }) });
      for (const line of c.chbConditions) await expect(chb.getByText(line, { exact: true })).toBeVisible();
      await expect(page.locator('.finder-all-list > li')).toHaveCount(37);
      expectNoAnswerSent(requests, ['rent', 'need-money']);
      await page.getByRole('link', { name: s.backToQuestions }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/finder$`));
    });
  });
}
