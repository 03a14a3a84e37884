// French pages as their scripts leave them (what the built-page scan of tests/site/language.test.ts
// cannot read): the finder's why lines, the calculator's result, the map's addresses, the islands.
// Each page's visible text and every accessible name go through the same class checks
// (src/i18n/tests/french-classes.ts: « 1er », « 45 % », addresses, « 6 ou plus », glossary terms,
// bare landmark names).
import type { Page } from '@playwright/test';
import { classProblems } from '../../src/i18n/tests/french-classes.ts';
import { answerLabels } from '../../src/features/finder/strings.ts';
import { calculatorStrings } from '../../src/features/calculator/strings.ts';
import { mapStrings } from '../../src/features/map/strings.ts';
import type { FinderTag } from '../../src/features/finder/rules/questions.ts';
import { expect, test, waitForIslands } from './support/fixtures.ts';

/** Every class defect in the page's visible text and accessible names, as the reader gets them now. */
async function defects(page: Page): Promise<string[]> {
  const lines = (await page.locator('body').innerText()).split('\n').filter((l) => l.trim());
  const names = await page
    .locator('[aria-label]')
    .evaluateAll((els) => els.map((el) => `${el.tagName.toLowerCase()}|${el.getAttribute('aria-label') ?? ''}`));
  return [
    ...lines.flatMap((l) => classProblems('fr', 'text', l)),
    ...names.flatMap((n) => {
      const [tag, name] = n.split('|') as [string, string];
      return classProblems('fr', `${tag}[aria-label]`, name);
    }),
  ];
}

test('a program page: the date of its last update reads « 1er janvier 2026 »', async ({ page }) => {
  // The snapshot's first program was last changed on January 1 (scripts/local-cms/snapshot-source/generate.mjs).
  await page.goto('/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap');
  await expect(page.locator('#last-updated')).toContainText('1er janvier 2026');
  await expect(page.getByRole('navigation', { name: 'Menu principal', exact: true })).toBeVisible();
  expect(await defects(page)).toEqual([]);
});

test('the finder’s results with several answers', async ({ page }) => {
  await page.goto('/fr/finder');
  const tags: FinderTag[] = ['age-65-plus', 'alone', 'rent', 'pension', 'need-money', 'need-home-support'];
  for (const tag of tags) await page.getByLabel(answerLabels.fr[tag], { exact: true }).check();
  await expect(page.locator('[data-why]:visible').first()).toContainText('Parce que vous');
  const why = await page.locator('[data-why]:visible').allTextContents();
  // A clause after the first keeps its « que vous »: never « , avez besoin » or « et recevez ».
  expect(why.filter((w) => /(?:,| et) (?:avez|êtes|vivez|recevez)\b/.test(w))).toEqual([]);
  expect(await defects(page)).toEqual([]);
});

test('the calculator with a result', async ({ page }) => {
  const s = calculatorStrings.fr;
  await page.goto('/fr/calculator');
  await waitForIslands(page);
  await page.getByLabel(s.applicant).fill('31234');
  await page.getByLabel(s.familyType).selectOption({ label: s.couple });
  await page.getByLabel(s.dependents).selectOption('0');
  await page.getByRole('button', { name: s.calculate }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByLabel(s.dependents).locator('option').last()).toHaveText('6 ou plus');
  expect(await defects(page)).toEqual([]);
});

test('a map’s results: addresses written the French way, organisations under their own names', async ({ page }) => {
  const s = mapStrings.fr;
  await page.goto('/fr/map/meals-on-wheels');
  await page.getByLabel(s.label).fill('E1C 4B7');
  await page.getByRole('button', { name: s.submit, exact: true }).click();
  const first = page.locator('[data-list] > li').first();
  await expect(first).toBeVisible();
  await expect(first).toContainText(/\(Nouveau-Brunswick\)\u00a0\u00a0E\d[A-Z] \d[A-Z]\d/);
  await expect(page.locator('[data-list]')).toContainText('Meals on Wheels of Greater Moncton');
  expect(await defects(page)).toEqual([]);
});

test('the housing benefit form, hydrated', async ({ page }) => {
  await page.goto('/fr/chb-registration');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Allocation canadienne pour le logement\u00a0: formulaire de demande en ligne',
  );
  expect(await defects(page)).toEqual([]);
});
