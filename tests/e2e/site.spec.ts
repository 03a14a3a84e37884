// The bilingual site: page types, language switch, pagination without JavaScript, redirects
// through nginx, unknown paths and print stylesheet. Every built page's status, language, single h1
// and title, its accessibility engines and the CSP of every page type behind nginx are
// tests/e2e/sweep.spec.ts's.
import { expect, nginxOrigin, test } from './support/fixtures.ts';

test('the landing page links every tile the spec lists', async ({ page }) => {
  await page.goto('/en/home');
  for (const alias of [
    'program/disability-support-program',
    'program/home-support-services',
    'program/canada-housing-benefit-chb',
    'program/healthy-smiles-clear-vision-program',
    'simple_page/senior-financial-abuse',
    'simple_page/intimate-partner-violence',
  ]) {
    await expect(page.locator(`a[href="/en/${alias}"]`).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: '1-833-733-7835' })).toHaveAttribute('href', 'tel:18337337835');
});

test('program page: table of contents, apply-now banner and language switch to the French alias', async ({ page }) => {
  await page.goto('/en/program/disability-support-program');
  const toc = page.getByRole('navigation', { name: 'On this page' });
  for (const name of [
    'About',
    'Who qualifies',
    'How to apply',
    'What do I need',
    'Documents',
    'Frequently asked questions',
    'Contacts',
    'Last updated',
  ]) {
    await expect(toc.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Apply now' })).toHaveAttribute('href', /^https:\/\//);
  await page.getByRole('banner').getByRole('link', { name: 'Français', exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/program\/programme-de-soutien-aux-personnes-ayant-un-handicap$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Programme de soutien aux personnes ayant un handicap',
  );
});

test('CMS body HTML is sanitized', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/en/simple_page/senior-financial-abuse');
  await expect(page.locator('.prose script')).toHaveCount(0);
  await expect(page.locator('.prose')).toContainText('Warning signs');
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test.describe('category pagination without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const [lang, labels, name] of [
    ['en', ['Next', 'Last', 'Previous', 'First'], 'Results pages'],
    ['fr', ['Suivante', 'Dernière', 'Précédente', 'Première'], 'Pages de résultats'],
  ] as const) {
    test(`first, previous, next, last in ${lang}`, async ({ page }) => {
      await page.goto(`/${lang}/category/seniors`);
      await expect(page.getByRole('status')).toContainText(/\d+/);
      const nav = page.getByRole('navigation', { name, exact: true });
      await nav.getByRole('link', { name: labels[0] }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/category/seniors/page/2$`));
      await nav.getByRole('link', { name: labels[3] }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/category/seniors$`));
      await nav.getByRole('link', { name: labels[1] }).click();
      const last = page.url();
      expect(last).toMatch(new RegExp(`/${lang}/category/seniors/page/\\d+$`));
      await expect(nav.getByRole('link', { name: labels[0] })).toHaveCount(0);
      await nav.getByRole('link', { name: labels[2] }).click();
      await expect(page).not.toHaveURL(last);
    });
  }
});

test.describe('redirects through nginx', () => {
  const cases: Array<[string, string]> = [
    ['/seniors', '/en/category/seniors'],
    ['/personnes-agees', '/fr/category/seniors'],
    ['/disability', '/en/category/disability'],
    ['/handicap', '/fr/category/disability'],
    ['/finances', '/en/category/finances'],
    ['/les-finances', '/fr/category/finances'],
    ['/abuse-neglect', '/en/category/abuse-and-neglect'],
    ['/abus-negligence', '/fr/category/abuse-and-neglect'],
    ['/families-youth', '/en/category/families-and-youth'],
    ['/familles-jeunes', '/fr/category/families-and-youth'],
    ['/health', '/en/category/your-health'],
    ['/sante', '/fr/category/your-health'],
    ['/Financialhelpcalculator', '/en/calculator'],
    ['/calculatrice-aide-financiere', '/fr/calculator'],
    ['/survey', '/en/correction'],
    ['/sondage', '/fr/correction'],
    ['/en/navigator', '/en/home'],
    ['/fr/navigator', '/fr/home'],
    ['/en/disability', '/en/category/disability'],
    ['/fr/housing', '/fr/category/housing'],
    ['/en/finances', '/en/category/finances'],
    ['/en/abuse-and-neglect', '/en/category/abuse-and-neglect'],
    ['/en/families-and-youth', '/en/category/families-and-youth'],
    ['/fr/your-health', '/fr/category/your-health'],
    ['/en/housing-benefit-application', '/en/simple_page/canada-housing-benefit-application'],
    ['/fr/housing-benefit-application', '/fr/simple_page/demande-allocation-canadienne-pour-le-logement'],
    ['/dental', '/en/program/healthy-smiles-clear-vision-program'],
    ['/en/category/help-parents', '/en/category/families-and-youth'],
    // The language prefixes alone, the spec's trailing-slash links, and a lower-case vanity.
    ['/en', '/en/home'],
    ['/en/', '/en/home'],
    ['/fr', '/fr/home'],
    ['/fr/', '/fr/home'],
    ['/en/disability/', '/en/category/disability'],
    ['/en/navigator/', '/en/home'],
    ['/seniors/', '/en/category/seniors'],
    ['/financialhelpcalculator', '/en/calculator'],
  ];
  for (const [from, to] of cases) {
    test(`${from} -> ${to}`, async ({ request }) => {
      const response = await request.get(`${nginxOrigin}${from}`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(to);
      const final = await request.get(`${nginxOrigin}${to}`);
      expect(final.status()).toBe(200);
    });
  }

  test('the external path goes to the per-language portal', async ({ request }) => {
    const en = await request.get(`${nginxOrigin}/en/apply-online`, { maxRedirects: 0 });
    const fr = await request.get(`${nginxOrigin}/fr/apply-online`, { maxRedirects: 0 });
    expect(en.headers().location).toMatch(/^https:\/\/.*\/en\//);
    expect(fr.headers().location).toMatch(/^https:\/\/.*\/fr\//);
  });

  test('root and unknown paths, on the normal and the French host', async ({ request }) => {
    const root = await request.get(`${nginxOrigin}/`, { maxRedirects: 0 });
    expect(root.headers().location).toBe('/en/home');
    const frRoot = await request.get(`${nginxOrigin}/`, { maxRedirects: 0, headers: { host: 'fr.localhost' } });
    expect(frRoot.headers().location).toBe('/fr/home');
    // An address of neither language (a mistyped vanity path): the page in both, each half marked.
    const unknown = await request.get(`${nginxOrigin}/personnes-agee`);
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('<span lang="en">Page not found</span>');
    expect(await unknown.text()).toContain('<span lang="fr">Page introuvable</span>');
    expect(await unknown.text()).toContain('<section lang="fr">');
    const frUnknown = await request.get(`${nginxOrigin}/no/such/page`, { headers: { host: 'fr.localhost' } });
    expect(frUnknown.status()).toBe(404);
    expect(await frUnknown.text()).toContain('Page introuvable');
  });

  test('security headers are served by nginx', async ({ request }) => {
    const response = await request.get(`${nginxOrigin}/en/home`);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers()['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });

  test("nginx compresses the site's scripts and stylesheets, not only its HTML", async ({ request }) => {
    const html = await (await request.get(`${nginxOrigin}/en/home`)).text();
    const assets = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const response = await request.get(`${nginxOrigin}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers()['content-encoding'], asset).toBe('gzip');
    }
  });
});

test('an unknown page shows Page not found at the error page address', async ({ page }) => {
  const response = await page.goto(`${nginxOrigin}/en/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/error$/);
});

test('the print stylesheet hides navigation', async ({ page }) => {
  await page.goto('/en/program/home-support-services');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('content pages ship no React on first view', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/en/program/home-support-services');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => /react|client\./i.test(s))).toBe(false);
});
