// Canada Housing Benefit screening page in both languages, keyboard only: the CMS sections, the
// Proceed link to each language's portal, the other-support links, and each state of the "Might I
// qualify?" check with axe. The check's rules on the page (each rule-out reason, every message,
// the conditional questions): src/features/screening/ui/ScreeningCheck.dom.test.ts.
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';
import { screeningStrings } from '../../src/features/screening/strings.ts';
import { errorSummaryTitle } from '../../src/i18n/error-summary.ts';
import { screeningMessages } from '../../src/features/screening/messages.ts';

const content = {
  en: {
    h1: 'Canada Housing Benefit screening',
    portal: 'https://portal.socialsupports.gnb.ca/en/',
    program: '/en/program/canada-housing-benefit-chb',
    programLink: 'Check whether you might qualify for the Canada Housing Benefit',
    other: {
      'Social Assistance Program': '/en/program/social-assistance-program',
      'Financial Benefits for Families and Children': '/en/simple_page/financial-benefits-families-children',
      'Help for parents: families and youth': '/en/category/families-and-youth',
      'Public Housing and Rent Supplement Programs': '/en/program/public-housing-and-rent-supplement-programs',
      'Supports for people with a disability': '/en/disability/',
      'Find other programs with the navigator': '/en/navigator/',
    },
  },
  fr: {
    h1: 'Présélection pour l’Allocation canadienne pour le logement',
    portal: 'https://portal.socialsupports.gnb.ca/fr/',
    program: '/fr/program/allocation-canadienne-pour-le-logement',
    programLink: 'Vérifiez si vous pourriez être admissible à l’Allocation canadienne pour le logement',
    other: {
      'Programme d’aide sociale': '/fr/program/programme-d-aide-sociale',
      'Prestations financières pour les familles et les enfants':
        '/fr/simple_page/prestations-financieres-familles-enfants',
      'Aide aux parents : familles et jeunes': '/fr/category/families-and-youth',
      'Programmes de logement public et de supplément au loyer':
        '/fr/program/programmes-de-logement-public-et-de-supplement-au-loyer',
      'Aide pour les personnes ayant un handicap': '/fr/disability/',
      'Trouver d’autres programmes dans le répertoire': '/fr/navigator/',
    },
  },
} as const;

type S = (typeof screeningStrings)['en'];

/** Selects a radio button of a question with the keyboard (focus, then Space). */
async function choose(page: Page, legend: string, option: string) {
  const radio = page.getByRole('group', { name: legend }).getByRole('radio', { name: option, exact: true });
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

async function typeIncome(page: Page, s: S, value: string) {
  const input = page.getByLabel(s.income);
  await input.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  if (value) await page.keyboard.type(value);
}

async function submit(page: Page, s: S) {
  await page.getByRole('button', { name: s.submit }).focus();
  await page.keyboard.press('Enter');
}

/** Answers every question so that the visitor may qualify (a family). */
async function answerQualifying(page: Page, s: S) {
  await choose(page, s.household, s.householdFamily);
  await choose(page, s.renting, s.yes);
  await choose(page, s.selfContained, s.yes);
  await choose(page, s.otherSubsidy, s.no);
  await choose(page, s.livesInNb, s.yes);
  await choose(page, s.employed, s.yes);
  await typeIncome(page, s, '32,000');
  await choose(page, s.taxesFiled, s.yes);
}

for (const lang of ['en', 'fr'] as const) {
  const s = screeningStrings[lang];
  const v = screeningMessages[lang];
  const c = content[lang];

  test.describe(`screening page (${lang})`, () => {
    test('every section, the checklist, Proceed to this language’s portal and the other-support links', async ({
      page,
    }) => {
      await page.goto(`/${lang}/screening`);
      await expect(page.getByRole('heading', { level: 1, name: c.h1 })).toBeVisible();
      for (const heading of [
        s.about,
        s.whoQualifies,
        s.families,
        s.individuals,
        s.excluded,
        s.bring,
        s.howToApply,
        s.online,
        s.byMail,
        s.submission,
        s.checklist,
        s.checkTitle,
        s.otherSupport,
      ]) {
        await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      }
      await expect(
        page
          .getByRole('main')
          .getByText(lang === 'en' ? '$12,500 to $50,000' : '12 500 $ à 50 000 $')
          .first(),
      ).toBeVisible();
      await expect(page.locator('.checklist li')).toHaveCount(7);
      const proceed = page.getByRole('link', { name: s.proceed, exact: true });
      await expect(proceed).toHaveAttribute('href', c.portal);
      await expect(page.getByRole('link', { name: s.registration })).toHaveAttribute(
        'href',
        `/${lang}/chb-registration`,
      );
      const nav = page.getByRole('navigation', { name: s.otherSupport });
      for (const [name, href] of Object.entries(c.other)) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
        expect((await page.request.get(href)).status(), href).toBe(200);
      }
      // The script replaced the no-JavaScript notice with the questions.
      await expect(page.getByText(s.nojs)).toBeHidden();
      await expect(page.getByRole('group', { name: s.household })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the program page links to the screening page', async ({ page }) => {
      await page.goto(c.program);
      const link = page.getByRole('link', { name: c.programLink });
      await expectNoAxeViolations(page);
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/screening$`));
    });

    test('each state of the check by keyboard, axe-clean: errors, may qualify, ruled out and the way to other support', async ({
      page,
    }) => {
      await page.goto(`/${lang}/screening`);
      await submit(page, s);
      const summary = page.getByRole('alert').filter({ hasText: errorSummaryTitle[lang].title });
      await expect(summary).toBeFocused();
      await expectNoAxeViolations(page);
      // A summary link takes the keyboard to its question.
      await summary.getByRole('link', { name: v.errLivesInNb }).focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('group', { name: s.livesInNb }).getByRole('radio', { name: s.yes, exact: true }),
      ).toBeFocused();

      await answerQualifying(page, s);
      await submit(page, s);
      await expect(page.getByRole('heading', { name: s.mayQualify, exact: true })).toBeFocused();
      await expectNoAxeViolations(page);

      // The conditional questions' errors.
      await choose(page, s.household, s.householdAlone);
      await typeIncome(page, s, '');
      await submit(page, s);
      await expect(summary.getByRole('link')).toHaveText([v.errUnder65, v.errIncome]);
      await expectNoAxeViolations(page);

      await choose(page, s.household, s.householdOther);
      await typeIncome(page, s, '32,000');
      await submit(page, s);
      await expect(page.getByRole('heading', { name: s.ruledOut, exact: true })).toBeFocused();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: s.seeOtherSupport }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: s.otherSupport, exact: true })).toBeFocused();
      await expect(page.getByRole('navigation', { name: s.otherSupport }).getByRole('link')).toHaveCount(6);
    });
  });
}

test('the French page shows no English interface text', async ({ page }) => {
  const en = { ...screeningStrings.en, ...screeningMessages.en };
  const fr = { ...screeningStrings.fr, ...screeningMessages.fr };
  await page.goto('/fr/screening');
  await answerQualifying(page, fr);
  await choose(page, fr.taxesFiled, fr.no);
  await submit(page, fr);
  await expect(page.getByRole('heading', { name: fr.ruledOut, exact: true })).toBeFocused();
  const text = await page.getByRole('main').innerText();
  for (const [key, value] of Object.entries(en)) {
    if (value.length > 8 && value !== fr[key as keyof typeof fr]) expect(text, key).not.toContain(value);
  }
  expect(text).not.toMatch(/\b(the|your|you|and|with|qualify|income)\b/i);
});

test('without JavaScript the criteria are text and the check says it needs JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en/screening');
  const s = screeningStrings.en;
  await expect(page.getByText(s.nojs)).toBeVisible();
  await expect(page.getByText('are under 65 and live alone')).toBeVisible();
  await expect(page.getByRole('button', { name: s.submit })).toBeHidden();
  await expect(page.getByRole('link', { name: s.proceed, exact: true })).toBeVisible();
  await context.close();
});
