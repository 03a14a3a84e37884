// The home support calculator, by keyboard, in both languages; it must send and store nothing.
import { expect, expectNoAxeViolations, test, waitForIslands } from './support/fixtures.ts';
import { calculatorStrings } from '../../src/features/calculator/strings.ts';

test('values typed as soon as the page opens are kept (the form waits for its script)', async ({ page }) => {
  await page.goto('/en/calculator');
  await page.getByLabel('Applicant annual net income').fill('20000');
  await page.getByLabel('Family type').selectOption({ label: 'Single' });
  await page.getByLabel('Number of dependents').selectOption('0');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByLabel('Applicant annual net income')).toHaveValue('20000');
});

test('validation messages, error summary and keyboard use (English)', async ({ page }) => {
  await page.goto('/en/calculator');
  await waitForIslands(page);
  const calculate = page.getByRole('button', { name: 'Calculate' });
  await calculate.focus();
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  for (const message of [
    'Please enter the Annual Income Amount for the Applicant.',
    'Please make a selection from the Family Type dropdown list.',
    'Please make a selection from the Number of Dependents dropdown list.',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Each line names the field and what is wrong with it.
  await expect(summary.getByRole('link')).toHaveText([
    'Applicant annual net income: Please enter the Annual Income Amount for the Applicant.',
    'Family type: Please make a selection from the Family Type dropdown list.',
    'Number of dependents: Please make a selection from the Number of Dependents dropdown list.',
  ]);
  await expectNoAxeViolations(page);
  await summary.getByRole('link', { name: 'Applicant annual net income' }).click();
  await expect(page.getByLabel('Applicant annual net income')).toBeFocused();
  await page.keyboard.type('-100');
  await page.getByLabel('Spouse annual net income').fill('abc');
  await page.getByLabel('Family type').selectOption({ label: 'Single' });
  await page.getByLabel('Number of dependents').selectOption('2');
  await calculate.click();
  await expect(page.getByText('Applicant Income Amounts must not be a negative number').first()).toBeVisible();
  await expect(page.getByText('Spouse Income Amounts must only contain numbers').first()).toBeVisible();
  await expect(
    page.getByText('For a Single or Couple family type, please select 0 for the Number of Dependents.').first(),
  ).toBeVisible();
  await page.getByLabel('Spouse annual net income').fill('5000');
  await page.getByLabel('Applicant annual net income').fill('20000');
  await page.getByLabel('Number of dependents').selectOption('0');
  await calculate.click();
  await expect(
    page.getByText('Sorry you have input a spouse income when you have indicated that you are single.').first(),
  ).toBeVisible();
});

for (const [lang, labels] of [
  [
    'en',
    {
      applicant: 'Applicant annual net income',
      family: 'Family type',
      dependents: 'Number of dependents',
      calculate: 'Calculate',
      reset: 'Reset',
      couple: 'Couple',
      summary: 'Summary statement',
      param: 'language=en_US',
    },
  ],
  [
    'fr',
    {
      applicant: 'Revenu net annuel de la personne qui fait la demande',
      family: 'Type de famille',
      dependents: 'Nombre de personnes à charge',
      calculate: 'Calculer',
      reset: 'Réinitialiser',
      couple: 'Couple',
      summary: 'Relevé sommaire',
      param: 'language=fr_CA',
    },
  ],
] as const) {
  test(`a full calculation, reset and privacy (${lang})`, async ({ page, context }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.url()} ${r.postData() ?? ''}`));
    await page.goto(`/${lang}/calculator`);
    await waitForIslands(page);
    await page.getByLabel(labels.applicant).fill('31234');
    await page.getByLabel(labels.family).selectOption({ label: labels.couple });
    await page.getByLabel(labels.dependents).selectOption('0');
    // The last choice reads as words: "6 or more", « 6 ou plus », never "6+".
    await expect(page.getByLabel(labels.dependents).locator('option').last()).toHaveText(
      calculatorStrings[lang].sixOrMore,
    );
    await page.getByRole('button', { name: labels.calculate }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expectNoAxeViolations(page);
    expect(requests.filter((r) => r.includes('31234'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect(await context.cookies()).toEqual([]);
    await expect(page.getByRole('link', { name: labels.summary })).toHaveAttribute('href', new RegExp(labels.param));
    await page.getByRole('button', { name: labels.reset }).click();
    await expect(page.getByLabel(labels.applicant)).toHaveValue('');
    await expect(page.getByLabel(labels.family)).toHaveValue('');
    await expect(page.getByRole('table')).toHaveCount(0);
  });
}

test('French messages', async ({ page }) => {
  await page.goto('/fr/calculator');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Calculer' }).click();
  await expect(
    page.getByText('Veuillez entrer le revenu annuel de la personne qui fait la demande.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Il y a un problème');
});
