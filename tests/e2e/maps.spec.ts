// Map pages: postal code to the nearest facilities (list first, Leaflet map second), in both
// languages. Tiles are answered locally by page.route: nothing is fetched from the internet.
import { expect, expectNoAxeViolations, nginxOrigin, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';

/** A 1x1 light grey PNG: every tile looks like empty land. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWN48ewhAAVpArAt/14pAAAAAElFTkSuQmCC',
  'base64',
);

/** Serves map tiles locally and records every request the page makes. */
async function openMap(page: Page, path: string) {
  const tiles: string[] = [];
  const requests: string[] = [];
  /** Each request's address and Referer: the postal code must be in neither. */
  const sent: string[] = [];
  page.on('request', (r) => {
    requests.push(r.url());
    sent.push(r.url(), r.headers()['referer'] ?? '');
  });
  await page.route(/^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//, (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  await page.goto(path);
  return { tiles, requests, sent };
}

const strings = {
  en: {
    label: 'Postal code',
    find: 'Find',
    show: 'Show on map',
    showNamed: (name: string) => `Show on map: ${name}`,
    problem: 'There is a problem',
  },
  fr: {
    label: 'Code postal',
    find: 'Trouver',
    show: 'Voir sur la carte',
    showNamed: (name: string) => `Voir sur la carte : ${name}`,
    problem: 'Il y a un problème',
  },
} as const;

const pages = [
  {
    lang: 'en',
    slug: 'home-support-agencies',
    h1: 'Home support agencies near you',
    code: 'e1c4b7',
    shown: 'E1C 4B7',
    total: 10,
    first: 'Paramed Home Health Care (Moncton)',
    second: 'Bayshore Home Health (Moncton)',
  },
  {
    lang: 'en',
    slug: 'nursing-homes',
    h1: 'Nursing homes near you',
    code: 'E1C 4B7',
    shown: 'E1C 4B7',
    total: 10,
    first: 'Villa du Repos',
    second: 'Kenneth E. Spencer Memorial Home',
  },
  {
    lang: 'en',
    slug: 'special-care-homes',
    h1: 'Special care homes near you',
    code: 'e2e 1a1',
    shown: 'E2E 1A1',
    total: 10,
    first: 'Kingsway Care Centre',
    second: 'Millidgeville Special Care Home (sample)',
  },
  {
    lang: 'en',
    slug: 'meals-on-wheels',
    h1: 'Meals on Wheels near you',
    code: 'E1C4B7',
    shown: 'E1C 4B7',
    total: 10,
    first: 'Meals on Wheels of Greater Moncton',
    second: 'Shediac Meals on Wheels (sample)',
  },
  {
    lang: 'fr',
    slug: 'home-support-agencies',
    h1: 'Agences de soutien à domicile près de chez vous',
    code: 'e3b 5h1',
    shown: 'E3B 5H1',
    total: 10,
    first: 'Bayshore Home Health (Fredericton)',
    second: 'Soutien à domicile du comté de Carleton (exemple)',
  },
  {
    lang: 'fr',
    slug: 'nursing-homes',
    h1: 'Foyers de soins près de chez vous',
    code: 'E3B5H1',
    shown: 'E3B 5H1',
    total: 10,
    first: 'York Care Centre',
    second: 'Carleton Manor',
  },
  {
    lang: 'fr',
    slug: 'special-care-homes',
    h1: 'Foyers de soins spéciaux près de chez vous',
    code: 'E3B 5H1',
    shown: 'E3B 5H1',
    total: 10,
    first: 'Foyer de soins spéciaux Riverside (exemple)',
    second: 'Kingsway Care Centre',
  },
  {
    lang: 'fr',
    slug: 'meals-on-wheels',
    h1: 'Popote roulante près de chez vous',
    code: 'e2e1a1',
    shown: 'E2E 1A1',
    total: 10,
    first: 'Meals on Wheels Saint John',
    second: 'Sussex Meals on Wheels',
  },
] as const;

const km = (text: string) =>
  Number(
    text
      .replace(/[^\d,.]/g, '')
      .replace(/\s/g, '')
      .replace(',', '.'),
  );

for (const p of pages) {
  test(`${p.lang} ${p.slug}: nearest first, red dots with the same details, list and dots linked`, async ({ page }) => {
    const s = strings[p.lang];
    const { tiles, requests, sent } = await openMap(page, `/${p.lang}/map/${p.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: p.h1 })).toBeVisible();
    await expect(page.locator('[data-map-nojs]')).toHaveCount(0);
    // The map costs nothing until there are results.
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => /leaflet|map-view/i.test(u))).toEqual([]);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);

    await page.getByLabel(s.label).fill(p.code);
    await page.getByRole('button', { name: s.find, exact: true }).click();
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(p.shown) });
    await expect(heading).toBeFocused();
    await expect(page.getByLabel(s.label)).toHaveValue(p.shown);
    // The postal code stays on the device: not in the address (nor its history), a request or a Referer.
    expect(page.url()).not.toMatch(/postal/i);

    const items = page.locator('[data-list] > li');
    await expect(items).toHaveCount(p.total);
    await expect(items.nth(0).getByRole('heading', { level: 3 })).toHaveText(p.first);
    await expect(items.nth(1).getByRole('heading', { level: 3 })).toHaveText(p.second);
    const distances = (await items.locator('.facility-distance').allTextContents()).map(km);
    expect(
      distances.every((d, i) => i === 0 || d >= distances[i - 1]!),
      distances.join(', '),
    ).toBe(true);
    await expect(items.nth(0).getByRole('link', { name: /^506-\d{3}-\d{4}$/ })).toHaveAttribute(
      'href',
      /^tel:\+1506\d{7}$/,
    );

    // One red dot per listed place, tiles served locally.
    const dots = page.locator('path.facility-dot');
    await expect(dots).toHaveCount(p.total);
    await expect(dots.first()).toHaveAttribute('fill', 'red');
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    const compact = p.shown.replace(' ', '');
    expect(
      sent.filter((u) =>
        u
          .toUpperCase()
          .replace(/%20|\+| /g, '')
          .includes(compact),
      ),
    ).toEqual([]);

    // Dot to list: the last (farthest, isolated) dot opens its details and marks its list item.
    const lastId = await items.nth(p.total - 1).getAttribute('data-id');
    await page.locator(`path.facility-dot[data-id="${lastId}"]`).click();
    // the open popup (a closed one fades out for 200 ms before it leaves the page)
    const popup = page.locator('.leaflet-popup-content').last();
    await expect(popup).toContainText(
      (await items
        .nth(p.total - 1)
        .getByRole('heading')
        .textContent())!,
    );
    await expect(items.nth(p.total - 1)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('path.facility-dot.is-selected')).toHaveAttribute('data-id', lastId!);

    // List to dot: "Show on map" highlights the first dot and opens the same contact details.
    await items
      .nth(0)
      .getByRole('button', { name: s.showNamed(p.first) })
      .click();
    await expect(items.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(items.nth(p.total - 1)).not.toHaveAttribute('aria-current', 'true');
    const firstId = await items.nth(0).getAttribute('data-id');
    await expect(page.locator('path.facility-dot.is-selected')).toHaveCount(1);
    await expect(page.locator('path.facility-dot.is-selected')).toHaveAttribute('data-id', firstId!);
    await expect(popup).toContainText(p.first);
    const phone = await items.nth(0).getByRole('link').first().getAttribute('href');
    await expect(popup.getByRole('link')).toHaveAttribute('href', phone!);
    await expect(popup).toContainText((await items.nth(0).locator('.facility-distance').textContent())!);
    expect(
      requests.every((u) => u.startsWith('http://127.0.0.1') || /tile\.openstreetmap\.org/.test(u)),
      'only local requests',
    ).toBe(true);
  });
}

const errors = {
  en: [
    ['', 'Enter your postal code.'],
    ['E1C 4B', 'Enter a valid postal code in the format A1A 1A1, for example E1C 4B7.'],
    ['K1A 0B1', 'This postal code is outside New Brunswick. Enter a New Brunswick postal code: it starts with E.'],
    ['E0Z 1A1', 'We could not find this postal code. Check it, or enter another postal code near you.'],
  ],
  fr: [
    ['', 'Entrez votre code postal.'],
    ['12345', 'Entrez un code postal valide au format A1A 1A1, par exemple E1C 4B7.'],
    [
      'h2x 1y4',
      'Ce code postal est à l’extérieur du Nouveau-Brunswick. Entrez un code postal du Nouveau-Brunswick : il commence par E.',
    ],
    [
      'E9Z 9Z9',
      'Nous n’avons pas trouvé ce code postal. Vérifiez-le ou entrez un autre code postal près de chez vous.',
    ],
  ],
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`${lang}: each postal code problem has its own message beside the field and in the summary`, async ({
    page,
  }) => {
    const s = strings[lang];
    await openMap(page, `/${lang}/map/nursing-homes`);
    const input = page.getByLabel(s.label);
    // a valid search first: an error afterwards hides its results
    await input.fill(lang === 'en' ? 'E1C 4B7' : 'E3B 5H1');
    await page.getByRole('button', { name: s.find, exact: true }).click();
    await expect(page.locator('[data-list] > li').first()).toBeVisible();
    for (const [code, message] of errors[lang]) {
      await input.fill(code);
      await page.getByRole('button', { name: s.find, exact: true }).click();
      const summary = page.getByRole('alert').filter({ hasText: s.problem });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
      await expect(page.locator('#postal-code-error')).toHaveText(message);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(
        new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')),
      );
      await expect(page.locator('[data-results]')).toBeHidden();
    }
    await page.getByRole('alert').getByRole('link').click();
    await expect(input).toBeFocused();
    await expectNoAxeViolations(page);
  });
}

test('keyboard only: find, move through the results and show a place on the map', async ({ page }) => {
  await openMap(page, '/en/map/meals-on-wheels');
  for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.id === 'postal-code')); i++)
    await page.keyboard.press('Tab');
  await expect(page.getByLabel('Postal code')).toBeFocused();
  await page.keyboard.type('e1c4b7');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /E1C 4B7/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '506-855-3888' })).toBeFocused();
  await page.keyboard.press('Tab');
  const show = page.getByRole('button', { name: 'Show on map: Meals on Wheels of Greater Moncton' });
  await expect(show).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.leaflet-popup-content')).toContainText('Meals on Wheels of Greater Moncton');
  await expect(page.locator('[data-list] > li').first()).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('path.facility-dot.is-selected')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-list] > li').nth(1).getByRole('link')).toBeFocused();
  // The popup's Close is a real button: Space shuts the popup (it does not scroll the page) and
  // focus goes back to what opened it. The dots are for the eye; the list is the accessible view.
  await page.locator('.leaflet-popup-close-button').focus();
  await expect(page.getByRole('button', { name: 'Close the details' })).toBeFocused();
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('Space');
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(show).toBeFocused();
  await expect(page.locator('.leaflet-overlay-pane')).toHaveAttribute('aria-hidden', 'true');
});

for (const lang of ['en', 'fr'] as const) {
  test(`${lang}: axe-clean with results and a popup shown; shared address shows results; language switch keeps the map`, async ({
    page,
  }) => {
    const s = strings[lang];
    await openMap(page, `/${lang}/map/special-care-homes?postal=E1C4B7`);
    await expect(page.locator('[data-list] > li')).toHaveCount(10);
    await expect(page.getByLabel(s.label)).toHaveValue('E1C 4B7');
    // An address that carries a postal code (an older shared link) is cleaned once read.
    expect(page.url()).not.toMatch(/postal/i);
    await expect(page.locator('path.facility-dot')).toHaveCount(10);
    await page
      .locator('[data-list] > li')
      .first()
      .getByRole('button', { name: new RegExp(`^${s.show}`) })
      .click();
    await expect(page.locator('.leaflet-popup-content')).toBeVisible();
    await expect(page.locator('.leaflet-popup-close-button')).toHaveAttribute(
      'aria-label',
      lang === 'en' ? 'Close the details' : 'Fermer les coordonnées',
    );
    await expectNoAxeViolations(page);
    const other = lang === 'en' ? 'fr' : 'en';
    await page.locator('a.lang-switch').click();
    await expect(page).toHaveURL(new RegExp(`/${other}/map/special-care-homes$`));
  });
}

test('program pages link to their map page', async ({ page }) => {
  await page.goto('/en/program/nursing-homes');
  await page.getByRole('link', { name: 'Find a location near you' }).click();
  await expect(page).toHaveURL(/\/en\/map\/nursing-homes$/);
  await expect(page.getByRole('link', { name: 'Nursing Homes' })).toHaveAttribute('href', '/en/program/nursing-homes');
  await page.getByRole('navigation', { name: 'Other maps' }).getByRole('link', { name: 'Meals on Wheels' }).click();
  await expect(page).toHaveURL(/\/en\/map\/meals-on-wheels$/);
  await page.goto('/fr/program/popote-roulante');
  await page.getByRole('link', { name: 'Trouver un endroit près de chez vous' }).click();
  await expect(page).toHaveURL(/\/fr\/map\/meals-on-wheels$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the page says why and lists every location with its phone', async ({ page }) => {
    await page.goto('/fr/map/nursing-homes');
    await expect(page.getByText('La recherche des endroits les plus près nécessite JavaScript.')).toBeVisible();
    // No search box that cannot search (its form would send the postal code in the address).
    await expect(page.getByLabel('Code postal')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Trouver' })).toBeHidden();
    await page.getByText('Les 12 endroits, par collectivité').click();
    await expect(page.locator('.all-locations .facility')).toHaveCount(12);
    await expect(page.getByRole('link', { name: '506-444-3400' })).toHaveAttribute('href', 'tel:+15064443400');
  });
});

test('behind nginx the security policy lets the tiles in and the map works', async ({ page }) => {
  const { tiles } = await openMap(page, `${nginxOrigin}/fr/map/meals-on-wheels`);
  const response = await page.request.get(`${nginxOrigin}/fr/map/meals-on-wheels`);
  expect(response.headers()['content-security-policy']).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await page.getByLabel('Code postal').fill('E1C 4B7');
  await page.keyboard.press('Enter');
  await expect(page.locator('path.facility-dot')).toHaveCount(10);
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeAttached();
  expect(blocked).toEqual([]);
});

test('the home page links to the four maps', async ({ page }) => {
  await page.goto('/fr/home');
  await page.getByRole('link', { name: 'Trouver un endroit près de chez vous' }).click();
  await expect(page).toHaveURL(/\/fr\/map$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trouver un endroit près de chez vous' })).toBeVisible();
  await expect(page.locator('main').getByRole('link')).toHaveCount(4);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Foyers de soins spéciaux' }).click();
  await expect(page).toHaveURL(/\/fr\/map\/special-care-homes$/);
});
