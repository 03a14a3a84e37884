// Sweeps driven by the built dist (new pages are included without editing this file):
// - every built page in both languages (redirect stubs excluded), in one load each: HTTP 200, its
//   language on <html>, one h1, the site's name in its title, and three accessibility engines: axe-core (WCAG 2.2 AA), IBM's Equal Access engine (WCAG 2.2 policy,
//   violations) and HTML_CodeSniffer (WCAG2AA, errors); the rules switched off are in
//   support/engine-exceptions.ts with why;
// - the Content-Security-Policy: one page of every page type in both languages, served by nginx
//   with the generated headers, islands hydrated, fails on any CSP violation, console error or
//   failed same-origin request.
import type { Page } from '@playwright/test';
import { builtPages, pageType } from './support/built-pages.ts';
import {
  allFindings,
  axeFindings,
  describeFinding,
  htmlcsFindings,
  ibmFindings,
  loadEnginesWithEveryPage,
} from './support/engines.ts';
import { expect, nginxOrigin, test, waitForIslands } from './support/fixtures.ts';

// Read when the tests run (the web server builds the site after the test files are collected).
let cached: string[] | undefined;
const allPages = () => (cached ??= [...builtPages('en'), ...builtPages('fr')].sort());
const siteName = { en: 'Social Supports NB', fr: 'Soutiens sociaux NB' };

test.describe('accessibility engines over every built page', () => {
  // The shares on both workers (run one after another they were the run's last minutes on one).
  test.describe.configure({ mode: 'parallel' });
  const shares = 12;
  test('the build has pages in both languages', () => {
    expect(allPages().filter((p) => p.startsWith('/en/')).length).toBeGreaterThan(20);
    expect(allPages().filter((p) => p.startsWith('/fr/')).length).toBeGreaterThan(20);
    // One page of each kind the spec names, in both languages, is among them.
    expect(allPages()).toEqual(
      expect.arrayContaining([
        ...['/en/home', '/en/program/disability-support-program', '/en/simple_page/intimate-partner-violence'],
        ...['/en/complex_page/caregivers-guide', '/en/page/about', '/en/category/seniors', '/en/error'],
        ...['/en/programs', '/fr/home', '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap'],
        ...['/fr/simple_page/violence-entre-partenaires-intimes', '/fr/complex_page/guide-des-aidants'],
        ...['/fr/page/propos', '/fr/category/seniors', '/fr/error', '/fr/programs'],
      ]),
    );
  });
  for (let i = 0; i < shares; i++) {
    test(`every built page, share ${i + 1} of ${shares}`, async ({ page }) => {
      test.setTimeout(240_000);
      const group = allPages().filter((_, n) => n % shares === i);
      expect(group.length, 'pages of this share').toBeGreaterThan(0);
      await loadEnginesWithEveryPage(page.context());
      const problems: string[] = [];
      for (const url of group) {
        const response = await page.goto(url, { waitUntil: 'load' });
        if (response?.status() !== 200) {
          problems.push(`${url}: HTTP ${response?.status()}`);
          continue;
        }
        // In the same load: the page is in its language, with one h1 and the site's name in its title.
        const lang = url.slice(1, 3);
        const shape = await page.evaluate(() => ({
          lang: document.documentElement.lang,
          h1: document.querySelectorAll('h1').length,
          title: document.title,
        }));
        if (shape.lang !== lang) problems.push(`${url}: <html lang="${shape.lang}">, expected ${lang}`);
        if (shape.h1 !== 1) problems.push(`${url}: ${shape.h1} h1 elements, expected 1`);
        if (!shape.title.includes(siteName[lang as 'en' | 'fr'])) problems.push(`${url}: title "${shape.title}"`);
        for (const finding of await allFindings(page)) problems.push(describeFinding(url, finding));
      }
      expect(problems, "accessibility engines' violations and the pages' shape").toEqual([]);
    });
  }
});

// Zero findings means something only if each engine, run as the sweep runs it, reports a fault:
// an image without a text alternative, planted in a built page.
test('each engine reports an image without a text alternative', async ({ page }) => {
  await loadEnginesWithEveryPage(page.context());
  await page.goto('/en/home', { waitUntil: 'load' });
  expect((await allFindings(page)).map((f) => describeFinding('/en/home', f))).toEqual([]);
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = '/favicon.svg';
    img.id = 'planted';
    document.querySelector('main')!.prepend(img);
  });
  const rules = async (found: Promise<Array<{ rule: string; where: string[] }>>) =>
    (await found)
      .filter((f) => f.where.some((w) => w.includes('planted') || w.includes('main[1]/img[1]')))
      .map((f) => f.rule);
  expect(await rules(axeFindings(page))).toContain('image-alt');
  expect(await rules(ibmFindings(page))).toContain('img_alt_valid');
  expect(await rules(htmlcsFindings(page))).toContain('WCAG2AA.Principle1.Guideline1_1.1_1_1.H37');
});

/** One page of every page type in each language, plus a search with a query and the 404 page. */
function cspTargets(): Array<{ url: string; status: number }> {
  const seen = new Map<string, string>();
  for (const p of allPages()) {
    // Each map page has its own data and island: all of them.
    const key = pageType(p) === 'map' ? p : `${p.slice(1, 3)}:${pageType(p)}`;
    if (!seen.has(key)) seen.set(key, p);
  }
  const targets = [...seen.values()].map((url) => ({ url, status: 200 }));
  for (const lang of ['en', 'fr']) {
    if (allPages().includes(`/${lang}/search`))
      targets.push({ url: `/${lang}/search?q=${lang === 'en' ? 'housing' : 'logement'}`, status: 200 });
  }
  targets.push({ url: '/en/no-such-page-for-the-csp-sweep', status: 404 });
  return targets;
}

async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (r.url().startsWith(nginxOrigin)) problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (r.url().startsWith(nginxOrigin) && r.status() >= 400 && r.request().resourceType() !== 'document')
      problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

test.describe('Content-Security-Policy behind nginx', () => {
  // One test per language: the two halves run on both workers.
  for (const lang of ['en', 'fr'] as const)
    test(`one page of every page type in ${lang}, islands hydrated`, async ({ browser }) => {
      test.setTimeout(240_000);
      const targets = cspTargets().filter((t) => t.url.startsWith(`/${lang}/`));
      expect(targets.length).toBeGreaterThan(5);
      const found: string[] = [];
      // One browser session, as a reader's: the pages after the first load the islands' scripts
      // from its cache, and its service worker answers them as it answers a reader (each page in a
      // new session compiled every script again: 50 CPU s for the two languages, 18 in one).
      // Three pages at a time: part of a page's time is waiting (the network's half second of
      // quiet), which the others' work fills.
      const queue = [...targets];
      const next = async (): Promise<void> => {
        const target = queue.shift();
        if (!target) return;
        await check(target);
        return next();
      };
      const check = async ({ url, status }: { url: string; status: number }) => {
        const page = await context.newPage();
        const problems = await watch(page);
        const response = await page.goto(`${nginxOrigin}${url}`);
        if (response?.status() !== status) found.push(`${url}: HTTP ${response?.status()}, expected ${status}`);
        if (!response?.headers()['content-security-policy']) found.push(`${url}: no Content-Security-Policy header`);
        await waitForIslands(page);
        await page.waitForLoadState('networkidle');
        const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
        // A 404 document answers 404 by design (its console line is not a failure).
        for (const v of violations) found.push(`${url}: CSP ${v}`);
        for (const p of problems) if (!(status === 404 && p.includes('404 (Not Found)'))) found.push(`${url}: ${p}`);
        await page.close();
      };
      const context = await browser.newContext();
      await Promise.all([next(), next(), next()]);
      await context.close();
      console.log(`CSP sweep (${lang}): ${targets.length} pages: ${targets.map((t) => t.url).join(' ')}`);
      expect(found).toEqual([]);
    });
});

test.describe('Content-Security-Policy behind nginx: the chat frame', () => {
  for (const [lang, s] of [
    ['en', { getHelp: 'Get help', title: 'Chat with 211', chatNow: 'Chat now' }],
    ['fr', { getHelp: 'Obtenir de l’aide', title: 'Clavarder avec le 211', chatNow: 'Clavarder maintenant' }],
  ] as const) {
    test(`the chat island and its frame load under the CSP (${lang})`, async ({ page }) => {
      // The chat origin is external (no network here): answer it locally; CSP still decides.
      await page.route(/nb\.211\.ca/, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>chat</title><p>chat</p>' }),
      );
      const problems = await watch(page);
      await page.goto(`${nginxOrigin}/${lang}/home`);
      await page.getByRole('button', { name: s.getHelp }).click();
      await page.getByRole('dialog', { name: s.title }).getByRole('button', { name: s.chatNow }).click();
      await expect(page.frameLocator('.chat-panel iframe').locator('p')).toHaveText('chat');
      const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      expect([...violations.map((v) => `CSP: ${v}`), ...problems]).toEqual([]);
    });
  }
});
