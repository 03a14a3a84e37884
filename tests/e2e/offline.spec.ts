// Offline reading (src/features/offline): the site's service worker keeps the pages a reader
// opened and shows them without a connection, with their styles; an unread page gives the offline
// page in its language; a slow or failing network gives the saved copy; a publish reaches an
// online reader; nothing of the intake service, the forms or the preview is stored.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { linkTree } from '../../src/release/hard-links.ts';
import { writeWhole } from '../../src/release/write-whole.ts';
import { startServer } from '../../src/service/start.ts';
import { expect, expectNoAxeViolations, nginxOrigin, test } from './support/fixtures.ts';

// The worker is what this file tests (playwright.config.ts blocks workers for the other files).
// Each test starts from a browser profile of its own: a reader's first visit, no worker or cache
// left by another test (the context reused between the other files' tests is reset, not new).
test.use({ serviceWorkers: 'allow', reuseContext: false });

const programs = {
  en: { path: '/en/program/home-support-services', title: 'Home Support Services' },
  fr: { path: '/fr/program/services-de-soutien-a-domicile', title: 'Services de soutien à domicile' },
};

/** Every request URL and saved page Cache Storage holds for the page's origin. */
async function stored(page: Page): Promise<{ keys: string[]; saved: string[] }> {
  return page.evaluate(async () => {
    const keys: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) keys.push(new URL(request.url).pathname);
    }
    const index = await (await caches.open('offline-pages-v1')).match('/__offline/saved-pages.json');
    const saved = index ? ((await index.json()) as { pages: Array<{ path: string }> }).pages.map((p) => p.path) : [];
    return { keys, saved };
  });
}

/** Waits, as a reader's next visit would, until the worker controls the page and has saved it. */
async function savedOnline(page: Page, pagePath: string) {
  await page.goto(pagePath);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(async () => (await stored(page)).saved).toContain(new URL(pagePath, 'http://site').pathname);
}

/** The page's own stylesheet was applied (the header has the brand colour, not the browser's none). */
async function expectStyled(page: Page) {
  const background = await page.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
}

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

for (const lang of ['en', 'fr'] as const) {
  const program = programs[lang];
  test(`${lang}: a program page read online opens offline with its styles`, async ({ page, context }) => {
    await savedOnline(page, program.path);
    await goOffline(context);
    await page.goto(program.path);
    await expect(page.getByRole('heading', { level: 1, name: program.title })).toBeVisible();
    await expectStyled(page);
  });
}

test('the worker is served at the site root, revalidated every time, by the Node server and by nginx', async ({
  request,
  baseURL,
}) => {
  for (const origin of [baseURL!, nginxOrigin]) {
    const answer = await request.get(`${origin}/sw.js`);
    expect(answer.status(), origin).toBe(200);
    expect(answer.headers()['cache-control'], origin).toBe('no-cache');
    expect(answer.headers()['content-type'], origin).toMatch(/javascript/);
    expect(answer.headers()['content-security-policy'], origin).toContain("default-src 'self'");
    expect(await answer.text(), origin).toContain('/en/offline');
  }
});

test('behind nginx too, a page read online opens offline', async ({ page, context }) => {
  await savedOnline(page, `${nginxOrigin}${programs.fr.path}`);
  await goOffline(context);
  await page.goto(`${nginxOrigin}${programs.fr.path}`);
  await expect(page.getByRole('heading', { level: 1, name: programs.fr.title })).toBeVisible();
  await expectStyled(page);
  await page.goto(`${nginxOrigin}/fr/home`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
});

test('an unread page offline gives the offline page in its language: help lines, saved pages, clearing them', async ({
  page,
  context,
}) => {
  await savedOnline(page, '/fr/home');
  await savedOnline(page, programs.fr.path);
  await goOffline(context);
  await page.goto('/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap');
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectStyled(page);
  await expect(page.getByRole('link', { name: '1-833-733-7835' }).first()).toHaveAttribute('href', 'tel:+18337337835');
  await expect(page.getByRole('link', { name: '211', exact: true })).toHaveAttribute('href', 'tel:211');
  await expect(page.getByRole('link', { name: '811', exact: true })).toHaveAttribute('href', 'tel:811');
  const saved = page.getByRole('list', { name: 'Pages enregistrées sur cet appareil' });
  await expect(saved.getByRole('link', { name: programs.fr.title })).toHaveAttribute('href', programs.fr.path);
  await expect(saved.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/fr/home');
  await expectNoAxeViolations(page);

  // A saved page opens from the list, offline.
  await saved.getByRole('link', { name: programs.fr.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: programs.fr.title })).toBeVisible();

  await page.goBack();
  await page.getByRole('button', { name: 'Effacer les pages enregistrées' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Les pages enregistrées ont été supprimées' })).toBeVisible();
  // Pages were saved and were just removed: no « encore ».
  await expect(page.getByText('Aucune page n’est enregistrée sur cet appareil.')).toBeVisible();
  // The button is gone: focus goes to the sentence that replaced the list, not to the page body.
  await expect(page.getByText('Aucune page n’est enregistrée sur cet appareil.')).toBeFocused();
  expect((await stored(page)).saved).toEqual([]);
  // The offline page stays: the help lines still open without a connection.
  await page.goto('/fr/program/autre');
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
});

test('the offline page opened online says what is true, and switches when the connection goes', async ({
  page,
  context,
}) => {
  for (const [lang, online, offline] of [
    ['en', 'Pages saved for reading offline', 'You are offline'],
    ['fr', 'Pages enregistrées pour la lecture hors ligne', 'Vous êtes hors ligne'],
  ] as const) {
    await page.goto(`/${lang}/offline`);
    await expect(page.getByRole('heading', { level: 1, name: online })).toBeVisible();
    await expect(page.getByText(offline, { exact: true })).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${online} \\|`));
    await context.setOffline(true);
    await expect(page.getByRole('heading', { level: 1, name: offline })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: online })).toBeVisible();
  }
});

test('the English offline page, axe clean, for an English page never opened', async ({ page, context }) => {
  await savedOnline(page, '/en/home');
  await goOffline(context);
  await page.goto('/en/category/seniors');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('list', { name: 'Pages saved on this device' }).getByRole('link')).toHaveText(['Home']);
  await expectNoAxeViolations(page);
});

test('a slow connection gives the saved copy after the time-out; a failing one at once', async ({ page, context }) => {
  await savedOnline(page, programs.en.path);
  // Slow: the page's answer never comes while the test runs (the worker's own request is held too).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await context.route(`**${programs.en.path}`, async (route) => {
    asked += 1;
    await held;
    await route.abort('timedout').catch(() => undefined);
  });
  await page.goto(programs.en.path);
  await expect(page.getByRole('heading', { level: 1, name: programs.en.title })).toBeVisible();
  await expectStyled(page);
  expect(asked, 'the worker asked the network first').toBeGreaterThan(0);
  release();
  await context.unrouteAll({ behavior: 'ignoreErrors' });

  // Lossy: the connection drops on the page's request.
  asked = 0;
  await context.route(`**${programs.en.path}`, (route) => {
    asked += 1;
    return route.abort('connectionreset');
  });
  await page.goto(programs.en.path);
  await expect(page.getByRole('heading', { level: 1, name: programs.en.title })).toBeVisible();
  expect(asked).toBeGreaterThan(0);
});

// The worker's own check (the Save-Data header, its navigator.connection.saveData) is unit-tested
// (rules/policy.test.ts): Chromium's data-saver emulation reaches the page, not the worker.
test('the offline page of the other language comes once the reader opens a page in it', async ({ page }) => {
  const asked: string[] = [];
  page.context().on('request', (r) => asked.push(new URL(r.url()).pathname));
  await savedOnline(page, '/en/home');
  expect(asked.filter((p) => p === '/en/offline')).toHaveLength(1);
  expect(asked).not.toContain('/fr/offline');
  await savedOnline(page, '/fr/home');
  await expect.poll(() => asked).toContain('/fr/offline');
});

test('saving data: the site registers its worker and fetches nothing ahead on a map page', async ({
  page,
  context,
}) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  const asked: string[] = [];
  context.on('request', (r) => asked.push(r.url()));
  await page.goto('/fr/map/nursing-homes');
  expect(await page.evaluate(() => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(
    true,
  );
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForLoadState('networkidle');
  expect(asked.filter((u) => /leaflet|map-view|tile|\.png$/.test(u))).toEqual([]);
  // (tests/e2e/maps.spec.ts: the map's code and tiles come once a search has results.)
});

test('nothing from the intake service, the forms, a search or the preview is stored', async ({ page }) => {
  await savedOnline(page, '/en/home');
  await page.goto('/en/correction');
  await page.getByLabel('Type of correction').selectOption({ label: 'Other' });
  await page.getByLabel('Description').fill('Private words that must not be stored.');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you' })).toBeVisible();
  await page.goto('/fr/chb-registration');
  await page.goto('/en/search?q=housing');
  await page.goto('/preview/en/home').catch(() => undefined);
  await page.goto('/en/home');
  expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200);
  await page.goto(programs.en.path);
  await expect.poll(async () => (await stored(page)).saved).toContain(programs.en.path);
  const { keys, saved } = await stored(page);
  expect(keys.length).toBeGreaterThan(0);
  const never = /^\/(api|hooks|preview|uploads?)(\/|$)|\/(correction|chb-registration|search)(\/|$)|\?/;
  expect(keys.filter((k) => never.test(k))).toEqual([]);
  expect(saved.filter((k) => never.test(k))).toEqual([]);
  expect(saved.sort()).toEqual(['/en/home', programs.en.path].sort());
});

test('behind nginx, the forms and the search under other spellings are not stored either', async ({ page }) => {
  await savedOnline(page, `${nginxOrigin}/en/home`);
  // nginx merges the slashes and decodes the letter: each is the form (or the search) itself.
  for (const spelling of ['/en//chb-registration', '/en/chb-regi%73tration', '/fr//correction', '/en/se%61rch']) {
    const answer = await page.goto(`${nginxOrigin}${spelling}`);
    expect(answer?.status(), spelling).toBe(200);
  }
  await page.goto(`${nginxOrigin}${programs.en.path}`);
  await expect.poll(async () => (await stored(page)).saved).toContain(programs.en.path);
  expect((await stored(page)).saved.sort()).toEqual(['/en/home', programs.en.path].sort());
});

test.describe('forms offline', () => {
  test('the correction form says sending needs a connection and keeps what was typed', async ({ page, context }) => {
    await page.goto('/en/correction');
    await page.getByLabel('Type of correction').selectOption({ label: 'Other' });
    await page.getByLabel('Description').fill('The phone number is wrong.');
    await goOffline(context);
    const notice = page.getByRole('status').filter({ hasText: 'You are offline. Sending needs a connection' });
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(notice).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Thank you' })).toBeHidden();
    await expect(page.getByLabel('Description')).toHaveValue('The phone number is wrong.');
    await context.setOffline(false);
    await expect(notice).toBeHidden();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Thank you' })).toBeVisible();
  });

  test('the registration form says so too, in French', async ({ page, context }) => {
    await page.goto('/fr/chb-registration');
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
    await goOffline(context);
    await expect(
      page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne. L’envoi exige une connexion' }),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' })).toHaveCount(0);
  });
});

test.describe('after a publish', () => {
  const dist = path.resolve(import.meta.dirname, '../..', process.env.E2E_DIST || 'dist-e2e');
  const file = 'en/program/home-support-services.html';
  let work = '';
  let site = '';
  let server: Awaited<ReturnType<typeof startServer>>;

  test.beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'offline-publish-'));
    site = path.join(work, 'site');
    await linkTree(dist, site);
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      site: { distDir: site },
      dataDir: path.join(work, 'data'),
    });
  });
  test.afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** A new release of the page: its file replaced (never written in place: it is a link into the e2e build). */
  async function publish(change: (html: string) => string | null) {
    const html = await readFile(path.join(site, file), 'utf8');
    const next = change(html);
    if (next === null) await rm(path.join(site, file));
    else await writeWhole(path.join(site, file), next);
    for (const copy of ['.br', '.gz']) await rm(path.join(site, `${file}${copy}`), { force: true });
  }

  test('the online reader gets the new page, then the saved copy is the new one; a removed page leaves the list', async ({
    page,
    context,
  }) => {
    const url = `${server.url}${programs.en.path}`;
    await savedOnline(page, url);
    await publish((html) => html.replaceAll('Home Support Services', 'Home Support Visits'));
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Home Support Visits' })).toBeVisible();

    await goOffline(context);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Home Support Visits' })).toBeVisible();
    await context.setOffline(false);

    await publish(() => null);
    const answer = await page.goto(url);
    expect(answer?.status()).toBe(404);
    await expect.poll(async () => (await stored(page)).saved).not.toContain(programs.en.path);
  });
});
