// The home support calculator on the page, in both languages: what is typed before hydration is
// kept, and a calculation sends and stores nothing (axe-core clean with the result shown). The
// island's messages, results and Reset: src/features/calculator/ui/Calculator.dom.test.tsx.
import { expect, expectNoAxeViolations, test, waitForIslands } from './support/fixtures.ts';

test('values typed as soon as the page opens are kept (the form waits for its script)', async ({ page }) => {
  await page.goto('/en/calculator');
  await page.getByLabel('Applicant annual net income').fill('20000');
  await page.getByLabel('Family type').selectOption({ label: 'Single' });
  await page.getByLabel('Number of dependents').selectOption('0');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByLabel('Applicant annual net income')).toHaveValue('20000');
});

for (const [lang, labels] of [
  [
    'en',
    {
      applicant: 'Applicant annual net income',
      family: 'Family type',
      dependents: 'Number of dependents',
      calculate: 'Calculate',
      couple: 'Couple',
    },
  ],
  [
    'fr',
    {
      applicant: 'Revenu net annuel de la personne qui fait la demande',
      family: 'Type de famille',
      dependents: 'Nombre de personnes à charge',
      calculate: 'Calculer',
      couple: 'Couple',
    },
  ],
] as const) {
  test(`a full calculation sends and stores nothing (${lang})`, async ({ page, context }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.url()} ${r.postData() ?? ''}`));
    await page.goto(`/${lang}/calculator`);
    await waitForIslands(page);
    await page.getByLabel(labels.applicant).fill('31234');
    await page.getByLabel(labels.family).selectOption({ label: labels.couple });
    await page.getByLabel(labels.dependents).selectOption('0');
    await page.getByRole('button', { name: labels.calculate }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expectNoAxeViolations(page);
    expect(requests.filter((r) => r.includes('31234'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect(await context.cookies()).toEqual([]);
  });
}
