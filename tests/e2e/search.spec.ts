// Search with Pagefind: header search lands on results in the page's language, filter, relevance.
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const relevance: Record<'en' | 'fr', Array<[string, string]>> = {
  en: [
    ['rent help', '/en/program/canada-housing-benefit-chb'],
    ['dental', '/en/program/healthy-smiles-clear-vision-program'],
    ['glasses', '/en/program/healthy-smiles-clear-vision-program'],
    ['wheelchair', '/en/program/wheelchair-and-seating-program'],
    ['nursing home', '/en/program/nursing-homes'],
    ['meals on wheels', '/en/program/meals-on-wheels'],
    ['child care', '/en/program/daycare-assistance-program'],
    ['food bank', '/en/program/food-banks'],
    ['welfare', '/en/program/social-assistance-program'],
    ['job training', '/en/program/career-development-opportunities-cdo-program'],
    ['report abuse', '/en/program/how-report-abuse-assault-or-neglect'],
    ['domestic violence', '/en/simple_page/intimate-partner-violence'],
    ['prescription', '/en/program/prescription-drug-plans'],
    ['foster parent', '/en/program/foster-care'],
    ['homeless', '/en/program/emergency-shelters'],
    ['home care', '/en/program/home-support-services'],
    ['heating', '/en/program/heating-assistance'],
    ['caregiver', '/en/complex_page/caregivers-guide'],
    ['public housing', '/en/program/public-housing-and-rent-supplement-programs'],
    ['walker', '/en/program/red-cross-equipment-loan-programs'],
    ['abuse', '/en/program/how-report-abuse-assault-or-neglect'],
    ['food', '/en/program/food-banks'],
    ['disability', '/en/program/disability-support-program'],
    ['job', '/en/program/career-development-opportunities-cdo-program'],
    ['seniors', '/en/program/low-income-seniors-benefit'],
  ],
  fr: [
    ['aide au loyer', '/fr/program/allocation-canadienne-pour-le-logement'],
    ['dentaire', '/fr/program/programme-beaux-sourires-et-bonne-vision'],
    ['lunettes', '/fr/program/programme-beaux-sourires-et-bonne-vision'],
    ['fauteuil roulant', '/fr/program/programme-de-fauteuils-roulants-et-de-positionnement'],
    ['foyer de soins', '/fr/program/foyers-de-soins'],
    ['popote roulante', '/fr/program/popote-roulante'],
    ['garderie', '/fr/program/programme-d-assistance-aux-garderies'],
    ['banque alimentaire', '/fr/program/banques-alimentaires'],
    ['bien-être social', '/fr/program/programme-d-aide-sociale'],
    ['emploi', '/fr/program/programme-possibilites-de-perfectionnement-professionnel'],
    ['signaler abus', '/fr/program/comment-signaler-les-mauvais-traitements-ou-la-negligence'],
    ['violence conjugale', '/fr/simple_page/violence-entre-partenaires-intimes'],
    ['médicaments', '/fr/program/regimes-de-medicaments-sur-ordonnance'],
    ['famille d’accueil', '/fr/program/familles-d-accueil'],
    ['itinérance', '/fr/program/refuges-d-urgence'],
    ['soutien à domicile', '/fr/program/services-de-soutien-a-domicile'],
    ['chauffage', '/fr/program/aide-au-chauffage'],
    ['répit', '/fr/program/repit-pour-les-proches-aidants'],
    ['logement public', '/fr/program/programmes-de-logement-public-et-de-supplement-au-loyer'],
    ['marchette', '/fr/program/programmes-de-pret-d-equipement-de-la-croix-rouge'],
    // The benefit's official name says « personnes âgées »; « aînés » finds the seniors' pages.
    ['aînés', '/fr/program/programmes-de-mieux-etre-pour-personnes-ainees'],
    ['prestation aînés', '/fr/program/prestation-pour-personnes-agees-a-faible-revenu'],
    ['logements', '/fr/program/allocation-canadienne-pour-le-logement'],
    ['handicap', '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap'],
    ['alimentaire', '/fr/program/banques-alimentaires'],
  ],
};

async function topThree(page: import('@playwright/test').Page) {
  await expect(page.getByRole('status')).toContainText(/résultat|result/);
  return page
    .locator('.search-results li h2 a')
    .evaluateAll((links) => links.slice(0, 3).map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

for (const lang of ['en', 'fr'] as const) {
  test(`header search lands on ${lang} results`, async ({ page }) => {
    await page.goto(`/${lang}/home`);
    const box = page.getByRole('search').first().getByRole('searchbox');
    await box.fill(lang === 'en' ? 'dental' : 'dentaire');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${lang}/search\\?q=`));
    await expect(page.getByRole('searchbox')).toHaveValue(lang === 'en' ? 'dental' : 'dentaire');
    const top = await topThree(page);
    expect(top).toContain(relevance[lang][1]![1]);
    const all = await page
      .locator('.search-results li h2 a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(all.every((p) => p.startsWith(`/${lang}/`))).toBe(true);
    await expectNoAxeViolations(page);
  });

  test(`relevance suite (${lang})`, async ({ page }) => {
    const misses: string[] = [];
    for (const [query, expected] of relevance[lang]) {
      await page.goto(`/${lang}/search?q=${encodeURIComponent(query)}`);
      const top = await topThree(page);
      if (!top.includes(expected)) misses.push(`${query}: ${top.join(', ')}`);
    }
    expect(misses).toEqual([]);
  });
}

test('the category filter narrows results and the count updates', async ({ page }) => {
  await page.goto('/en/search?q=program');
  const status = page.getByRole('status');
  await expect(status).toContainText('results for');
  const before = Number((await status.textContent())!.match(/\d+/)![0]);
  await page.getByLabel('Filter by category').selectOption('Seniors');
  await expect(status).not.toHaveText(`${before} results for “program”`);
  const after = Number((await status.textContent())!.match(/\d+/)![0]);
  expect(after).toBeLessThan(before);
});

test('an empty search points to categories, the cant-find page and the phone line', async ({ page }) => {
  await page.goto('/fr/search?q=zzzqqqxxx');
  await expect(page.getByRole('status')).toHaveText('Aucun résultat pour « zzzqqqxxx »');
  await expect(page.getByRole('button', { name: 'Plus de résultats' })).toBeHidden();
  // The link sits inside one sentence, never a bare page title after « consultez ».
  const help = page.getByText(
    /^Essayez d’autres mots, parcourez une catégorie ou consultez notre aide pour trouver un programme\.$/,
  );
  await expect(help).toBeVisible();
  await expect(help.getByRole('link', { name: 'notre aide pour trouver un programme' })).toHaveAttribute(
    'href',
    '/fr/page/programme-introuvable',
  );
  await expect(page.getByText('1-833-733-7835').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('French search forgives accents and plurals, English plurals', async ({ page }) => {
  const cases: Array<[string, string]> = [
    ['/fr/search?q=aines', '/fr/program/programmes-de-mieux-etre-pour-personnes-ainees'],
    ['/fr/search?q=agees', '/fr/program/prestation-pour-personnes-agees-a-faible-revenu'],
    ['/fr/search?q=logements', '/fr/program/allocation-canadienne-pour-le-logement'],
    ['/fr/search?q=medicaments', '/fr/program/regimes-de-medicaments-sur-ordonnance'],
    ['/fr/search?q=repit', '/fr/program/repit-pour-les-proches-aidants'],
    ['/en/search?q=wheelchairs', '/en/program/wheelchair-and-seating-program'],
    ['/en/search?q=disabilities', '/en/program/disability-support-program'],
  ];
  const misses: string[] = [];
  for (const [url, expected] of cases) {
    await page.goto(url);
    const top = await topThree(page);
    if (!top.includes(expected)) misses.push(`${url}: ${top.join(', ')}`);
  }
  expect(misses).toEqual([]);
});

for (const [lang, other] of [
  ['en', 'fr'],
  ['fr', 'en'],
] as const) {
  test(`the ${lang} index holds no ${other} page`, async ({ page }) => {
    // A word found on many pages of the other language: none of them may come up here.
    const word = lang === 'en' ? 'logement' : 'housing';
    await page.goto(`/${lang}/search?q=${word}`);
    await expect(page.getByRole('status')).toContainText(lang === 'en' ? `for “${word}”` : `pour « ${word} »`);
    const all = await page
      .locator('.search-results li h2 a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(all.filter((p) => !p.startsWith(`/${lang}/`))).toEqual([]);
    // And the same search in the other language finds its pages.
    await page.goto(`/${other}/search?q=${word}`);
    await expect(page.getByRole('status')).toContainText(/\d+ (results|résultats?)/);
  });
}

test('without JavaScript the search page says so and lists the categories', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/search?q=loyer');
  await expect(page.getByText('La recherche nécessite JavaScript.')).toBeVisible();
  const links = await page.locator('.category-tiles a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links.length).toBeGreaterThan(3);
  expect(links.every((h) => h!.startsWith('/fr/category/'))).toBe(true);
  await context.close();
});

test('More results shows the next results and moves focus to the first new one', async ({ page }) => {
  await page.goto('/en/search?q=program');
  await expect(page.getByRole('status')).toContainText('results for');
  const total = Number((await page.getByRole('status').textContent())!.match(/\d+/)![0]);
  expect(total, 'the snapshot has more than one page of results for “program”').toBeGreaterThan(10);
  await expect(page.locator('.search-results li')).toHaveCount(10);
  await page.getByRole('button', { name: 'More results' }).click();
  await expect(page.locator('.search-results li')).toHaveCount(Math.min(20, total));
  await expect(page.locator('.search-results li').nth(10).locator('a')).toBeFocused();
});

test('published but unsearchable programs are not in the index', async ({ page }) => {
  for (const [url, hidden] of [
    ['/en/search?q=income%20tax%20clinics', '/en/program/volunteer-income-tax-clinics'],
    ['/en/search?q=community%20transportation', '/en/program/transportation-for-seniors'],
    ['/fr/search?q=comptoirs%20d%E2%80%99imp%C3%B4ts', '/fr/program/comptoirs-d-impots-benevoles'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('status')).toContainText(/result|résultat/i);
    const all = await page
      .locator('.search-results li h2 a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(all).not.toContain(hidden);
  }
  // The page itself exists: only the index leaves it out.
  expect((await page.request.get('/en/program/volunteer-income-tax-clinics')).status()).toBe(200);
});

test('the language switch keeps the query', async ({ page }) => {
  await page.goto('/en/search?q=housing');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Français', exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/search\?q=housing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Résultats de recherche' })).toBeVisible();
});
