// Every calculator validation message of the specification, reached with the keyboard only
// (Tab, typing, arrow keys on the dropdowns, Enter), in both languages: each message is shown
// next to its field (and is the field's accessible description), listed in the error summary
// that takes focus, and its summary link moves focus to the field. axe is clean with errors.
import type { Locator, Page } from '@playwright/test';
import { calculatorMessages } from '../../src/logic/calculator/messages.ts';
import { expect, expectNoAxeViolations, test, waitForIslands } from './support/fixtures.ts';

const ui = {
  en: { applicant: 'Applicant annual net income', spouse: 'Spouse annual net income', family: 'Family type', dependents: 'Number of dependents', calculate: 'Calculate', summary: 'There is a problem', single: 'Single', singleOne: 'Single with one Dependent at Home', couple: 'Couple', coupleMany: 'Couple with more than one Dependent at Home' },
  fr: { applicant: 'Revenu net annuel du demandeur', spouse: 'Revenu net annuel du conjoint', family: 'Type de famille', dependents: 'Nombre de personnes à charge', calculate: 'Calculer', summary: 'Il y a un problème', single: 'Personne seule', singleOne: 'Personne seule avec une personne à charge à la maison', couple: 'Couple', coupleMany: 'Couple avec plus d’une personne à charge à la maison' },
};

// The specification's English wording, word for word (the module must not drift from it).
test('the English messages are the specification’s words', () => {
  const en = calculatorMessages.en;
  expect(en.familyTypeRequired).toBe('Please make a selection from the Family Type dropdown list.');
  expect(en.dependentsRequired).toBe('Please make a selection from the Number of Dependents dropdown list.');
  expect(en.applicantRequired).toBe('Please enter the Annual Income Amount for the Applicant.');
  expect(en.applicantNotNumber).toBe('Applicant Income Amounts must only contain numbers');
  expect(en.applicantNegative).toBe('Applicant Income Amounts must not be a negative number');
  expect(en.applicantInvalid).toBe('The number you have input is not valid for Applicant income.');
  expect(en.spouseInvalid).toBe('The number you have input is not valid for Spouse income.');
  expect(en.spouseWhenSingle).toBe('Sorry you have input a spouse income when you have indicated that you are single.');
  expect(en.dependentsZero).toContain('select 0 for the Number of Dependents');
});

/** Moves focus to `target` with Tab (or Shift+Tab when it lies before the focused element). */
async function tabTo(page: Page, target: Locator) {
  const handle = await target.elementHandle();
  for (let i = 0; i < 60; i++) {
    const where = await page.evaluate((el) => {
      const active = document.activeElement;
      if (active === el) return 'here';
      if (!active || active === document.body) return 'after';
      return active.compareDocumentPosition(el!) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
    }, handle);
    if (where === 'here') return;
    await page.keyboard.press(where === 'after' ? 'Tab' : 'Shift+Tab');
  }
  throw new Error('could not reach the field with Tab');
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

/** Chooses an option of a closed dropdown with Home and ArrowDown only. */
async function choose(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  await page.keyboard.press('Home');
  const selected = () => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? '');
  for (let i = 0; i < 10 && (await selected()) !== label; i++) await page.keyboard.press('ArrowDown');
  if ((await selected()) === label) return;
  throw new Error(`no option ${label}`);
}

for (const lang of ['en', 'fr'] as const) {
  const s = ui[lang];
  const m = calculatorMessages[lang];

  test(`${lang}: every validation message by keyboard, beside its field and in the summary`, async ({ page }) => {
    await page.goto(`/${lang}/calculator`);
    await waitForIslands(page);
    const fields = {
      applicant: page.getByLabel(s.applicant),
      spouse: page.getByLabel(s.spouse),
      family: page.getByLabel(s.family),
      dependents: page.getByLabel(s.dependents),
    };
    const summary = page.getByRole('alert').filter({ hasText: s.summary });

    async function submit() {
      await tabTo(page, page.getByRole('button', { name: s.calculate, exact: true }));
      await page.keyboard.press('Enter');
      await expect(summary).toBeFocused();
    }
    /** The message is in the summary, beside the field (its description), and its link focuses the field. */
    async function expectError(field: Locator, message: string) {
      await expect(summary.getByRole('link', { name: message, exact: true })).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(field.locator('xpath=..').getByText(message, { exact: true })).toBeVisible();
      await tabTo(page, summary.getByRole('link', { name: message, exact: true }));
      await page.keyboard.press('Enter');
      await expect(field).toBeFocused();
    }

    // Nothing entered: applicant income, family type and dependents are required.
    await submit();
    await expect(summary.getByRole('link')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await expectError(fields.applicant, m.applicantRequired);
    await expectError(fields.family, m.familyTypeRequired);
    await expectError(fields.dependents, m.dependentsRequired);

    // Letters, negative amounts; Single with 2 dependents.
    await typeInto(page, fields.applicant, 'abc');
    await typeInto(page, fields.spouse, '-5');
    await choose(page, fields.family, s.single);
    await choose(page, fields.dependents, '2');
    await submit();
    await expect(summary.getByRole('link')).toHaveCount(3);
    await expectError(fields.applicant, m.applicantNotNumber);
    await expectError(fields.spouse, m.spouseNegative);
    await expectError(fields.dependents, m.dependentsZero);
    await expectNoAxeViolations(page);

    // Negative applicant income, letters for the spouse; one-dependent type with 0 dependents.
    await typeInto(page, fields.applicant, '-100');
    await typeInto(page, fields.spouse, '12x');
    await choose(page, fields.family, s.singleOne);
    await choose(page, fields.dependents, '0');
    await submit();
    await expectError(fields.applicant, m.applicantNegative);
    await expectError(fields.spouse, m.spouseNotNumber);
    await expectError(fields.dependents, m.dependentsOne);

    // Amounts no income can be; more-than-one type with 1 dependent.
    await typeInto(page, fields.applicant, '99999999999');
    await typeInto(page, fields.spouse, '99999999999');
    await choose(page, fields.family, s.coupleMany);
    await choose(page, fields.dependents, '1');
    await submit();
    await expectError(fields.applicant, m.applicantInvalid);
    await expectError(fields.spouse, m.spouseInvalid);
    await expectError(fields.dependents, m.dependentsMany);

    // A spouse income with a single family type; Couple with 3 dependents.
    await typeInto(page, fields.applicant, '20000');
    await typeInto(page, fields.spouse, '5000');
    await choose(page, fields.family, s.single);
    await choose(page, fields.dependents, '0');
    await submit();
    await expect(summary.getByRole('link')).toHaveCount(1);
    await expectError(fields.spouse, m.spouseWhenSingle);
    await choose(page, fields.family, s.couple);
    await choose(page, fields.dependents, '3');
    await submit();
    await expect(summary.getByRole('link')).toHaveCount(1);
    await expectError(fields.dependents, m.dependentsZero);
    await expect(fields.spouse).not.toHaveAttribute('aria-invalid', 'true');

    // Put right, the form calculates and the summary goes away.
    await choose(page, fields.dependents, '0');
    await tabTo(page, page.getByRole('button', { name: s.calculate, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
