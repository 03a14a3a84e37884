// The calculator's validation messages (spec section 5) on the page, reached by keyboard only, in
// both languages: the error summary takes focus, its links followed with Enter move focus to the
// field; axe-core clean with the errors shown. Each message beside its field and as its
// description, and the results computed and shown: src/features/calculator/ui/Calculator.dom.test.tsx.
import type { Locator, Page } from '@playwright/test';
import { fill } from '../../src/i18n/define.ts';
import { errorSummaryItem } from '../../src/i18n/error-summary.ts';
import { expect, expectNoAxeViolations, test, waitForIslands } from './support/fixtures.ts';

type Field = 'applicant' | 'spouse' | 'family' | 'dependents';
interface Case {
  name: string;
  applicant?: string;
  spouse?: string;
  family?: number;
  dependents?: string;
  expect: Partial<Record<Field, string>>;
}

const ui = {
  en: {
    applicant: 'Applicant annual net income',
    spouse: 'Spouse annual net income',
    family: 'Family type',
    dependents: 'Number of dependents',
    calculate: 'Calculate',
  },
  fr: {
    applicant: 'Revenu net annuel de la personne qui fait la demande',
    spouse: 'Revenu net annuel du conjoint ou de la conjointe',
    family: 'Type de famille',
    dependents: 'Nombre de personnes à charge',
    calculate: 'Calculer',
  },
};
// Family types by their place in the dropdown (1 Single … 6 Couple with more than one Dependent).
// The messages of every form in both languages are the rules' (src/features/calculator/rules/
// validation-messages.test.ts); here one form per language shows them reach the page.
const shown: Record<'en' | 'fr', Case> = {
  en: {
    name: 'letters, negative spouse income, Single with 1 dependent',
    applicant: '12a00',
    spouse: '-5',
    family: 1,
    dependents: '1',
    expect: {
      applicant: 'Applicant Income Amounts must only contain numbers',
      spouse: 'Spouse Income Amounts must not be a negative number',
      dependents: 'For a Single or Couple family type, please select 0 for the Number of Dependents.',
    },
  },
  fr: {
    name: 'nothing entered',
    expect: {
      applicant: 'Veuillez entrer le revenu annuel de la personne qui fait la demande.',
      family: 'Veuillez choisir une option dans la liste déroulante « Type de famille ».',
      dependents: 'Veuillez choisir une option dans la liste déroulante « Nombre de personnes à charge ».',
    },
  },
};

/** Moves focus with Tab (then Shift+Tab) until the target has it: keyboard only. */
async function tabTo(page: Page, target: Locator) {
  const focused = () => target.evaluate((el) => el === document.activeElement);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 40; i++) {
      if (await focused()) return;
      await page.keyboard.press(key);
    }
  }
  throw new Error('could not reach the element with the keyboard');
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Chooses the option at `index` of a closed dropdown with Home and the arrow keys. */
async function chooseByKeyboard(page: Page, select: Locator, index: number) {
  await tabTo(page, select);
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect.poll(() => select.evaluate((el) => (el as HTMLSelectElement).selectedIndex)).toBe(index);
}

for (const lang of ['en', 'fr'] as const) {
  const u = ui[lang];
  const c = shown[lang];
  test(`${lang}: ${c.name}`, async ({ page }) => {
    await page.goto(`/${lang}/calculator`);
    await waitForIslands(page);
    const fields: Record<Field, Locator> = {
      applicant: page.getByLabel(u.applicant),
      spouse: page.getByLabel(u.spouse),
      family: page.getByLabel(u.family),
      dependents: page.getByLabel(u.dependents),
    };
    await page.locator('body').focus();
    if (c.applicant !== undefined) await typeInto(page, fields.applicant, c.applicant);
    if (c.spouse !== undefined) await typeInto(page, fields.spouse, c.spouse);
    if (c.family !== undefined) await chooseByKeyboard(page, fields.family, c.family);
    if (c.dependents !== undefined) {
      // Options: Select…, 0, 1, 2 …
      await chooseByKeyboard(page, fields.dependents, Number(c.dependents) + 1);
      await expect(fields.dependents).toHaveValue(c.dependents);
    }
    await tabTo(page, page.getByRole('button', { name: u.calculate, exact: true }));
    await page.keyboard.press('Enter');

    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    const expected = Object.entries(c.expect) as Array<[Field, string]>;
    await expect(summary.getByRole('link')).toHaveCount(expected.length);
    await expectNoAxeViolations(page);
    // Each summary link names its field and, followed with Enter, puts focus in it.
    for (const [field, message] of expected) {
      await tabTo(
        page,
        summary.getByRole('link', {
          name: fill(lang, errorSummaryItem[lang].item, { label: u[field], reason: message }),
          exact: true,
        }),
      );
      await page.keyboard.press('Enter');
      await expect(fields[field]).toBeFocused();
    }
  });
}
