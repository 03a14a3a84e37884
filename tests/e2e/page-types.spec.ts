// The page types not covered elsewhere (map index, the 'cant find program' page, the 404 page)
// in both languages with axe; and the small things every page does: a page view for analytics
// (no cookie) and removing a service worker left by the old site.
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const pages: Array<[string, string, string]> = [
  ['/en/map', 'en', 'Find a location near you'],
  ['/fr/map', 'fr', 'Trouver un endroit près de chez vous'],
  ['/en/page/cant-find-program', 'en', 'Can’t find a program?'],
  ['/fr/page/programme-introuvable', 'fr', 'Vous ne trouvez pas de programme ?'],
  ['/404.html', 'en', 'Page not found / Page introuvable'],
];

for (const [path, lang, heading] of pages) {
  test(`${path} renders and passes axe`, async ({ page }) => {
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectNoAxeViolations(page);
  });
}

test('the bilingual 404 has a title in its own language only (a French title under lang="en" is misread)', async ({
  page,
}) => {
  await page.goto('/404.html');
  await expect(page).toHaveTitle('Page not found');
  await expect(page.getByRole('heading', { level: 1 }).locator('[lang="fr"]')).toHaveText('Page introuvable');
});

test('the cant-find page links to its translation and gives the phone line', async ({ page }) => {
  await page.goto('/en/page/cant-find-program');
  await expect(page.locator('main').getByRole('link', { name: '1-833-733-7835' }).first()).toHaveAttribute(
    'href',
    'tel:18337337835',
  );
  await page.getByRole('banner').getByRole('link', { name: 'Français', exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/page\/programme-introuvable$/);
});

test('each page load records a page view, and with a provider sends it without cookies', async ({ page, context }) => {
  await page.goto('/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap');
  expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toContainEqual({
    event: 'page_view',
    path: '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap',
    lang: 'fr',
  });

  // The same page as built with ANALYTICS_PROVIDER and ANALYTICS_URL set (same origin, so the CSP allows it).
  const beacons: Array<{ body: string; cookie: string | undefined }> = [];
  await page.route('**/collect-test', (route) => {
    beacons.push({ body: route.request().postData() ?? '', cookie: route.request().headers().cookie });
    return route.fulfill({ status: 204 });
  });
  await page.route('**/en/page/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      'content="none" data-url data-site',
      'content="plausible" data-url="/collect-test" data-site="test-site"',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/en/page/about');
  await expect.poll(() => beacons.length).toBe(1);
  expect(JSON.parse(beacons[0]!.body)).toEqual({
    type: 'pageview',
    path: '/en/page/about',
    lang: 'en',
    site: 'test-site',
  });
  expect(beacons[0]!.cookie).toBeUndefined();
  expect(await context.cookies()).toEqual([]);
});

// The site's own worker must run here (playwright.config.ts blocks workers elsewhere), in a browser
// profile of its own, as the offline tests: a reader's first visit, not the reused context.
test.describe('service workers', () => {
  test('a service worker left by the old site is unregistered; the site’s own stays', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await context.route('**/legacy-sw.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'self.addEventListener("fetch", () => {});' }),
    );
    await page.goto('/en/home');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/legacy-sw.js');
      await navigator.serviceWorker.ready;
    });
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
    await page.goto('/en/page/about');
    // Removed by its script URL; the site's own worker (src/features/offline) is registered after it.
    const scripts = () =>
      page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map(
          (r) => (r.installing ?? r.waiting ?? r.active)?.scriptURL,
        ),
      );
    await expect.poll(scripts).toEqual([`${baseURL}/sw.js`]);
    // The next page the reader opens keeps it. (Not a reload: Chromium holds a reload of the page
    // the old worker controlled, as it goes, for 6 s, and once waited past the test's time-out.)
    await page.goto('/en/home');
    await expect.poll(scripts).toEqual([`${baseURL}/sw.js`]);
    await context.close();
  });
});

for (const path of [
  '/en/program/disability-support-program',
  '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap',
]) {
  test(`${path}: CMS images are served by the site, optimized and responsive, never from the CMS`, async ({
    page,
    baseURL,
  }) => {
    const imageHosts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'image') imageHosts.add(new URL(r.url()).origin);
    });
    await page.goto(path);
    const images = page.locator('main img');
    expect(await images.count()).toBeGreaterThan(0);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute('src', /^\/_astro\/[^/]+\.(webp|avif)$/);
      await expect(img).toHaveAttribute('srcset', /\d+w/);
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(img).toHaveAttribute('alt');
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    expect([...imageHosts]).toEqual([new URL(baseURL!).origin]);
  });
}
