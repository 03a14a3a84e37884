// The page shell in both languages: skip link, header (site title, survey, chat and online-tool
// links, search box that submits to the search page), footer (print this page, the department's
// line, Tele-Care 811), dev-site notice, canonical and hreflang alternates, the language switch
// from French to English, the print stylesheet and the not-found page behind nginx.
import { expect, expectNoAxeViolations, nginxOrigin, test } from './support/fixtures.ts';

const program = {
  en: '/en/program/disability-support-program',
  fr: '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap',
};
const t = {
  en: {
    skip: 'Skip to main content',
    title: 'Social Supports NB',
    survey: 'Survey',
    surveyPurpose: 'Opens the form to request a correction to this site',
    chat: 'Chat with 211',
    tools: 'Online tools',
    search: 'Search programs and services',
    searchButton: 'Search',
    nav: 'Main menu',
    print: 'Print this page',
    teleCare: 'Tele-Care 811',
    dev: 'This is a development site. Content may be incomplete.',
    live: 'Go to the live site',
    notFound: 'Page not found',
  },
  fr: {
    skip: 'Passer au contenu principal',
    title: 'Soutiens sociaux NB',
    survey: 'Sondage',
    surveyPurpose: 'Ouvre le formulaire pour demander une correction au site',
    chat: 'Clavarder avec le 211',
    tools: 'Outils en ligne',
    search: 'Rechercher des programmes et services',
    searchButton: 'Rechercher',
    nav: 'Menu principal',
    print: 'Imprimer cette page',
    teleCare: 'Télé-Soins 811',
    dev: 'Ceci est un site de développement. Le contenu peut être incomplet.',
    live: 'Aller au site officiel',
    notFound: 'Page introuvable',
  },
};

for (const lang of ['en', 'fr'] as const) {
  const s = t[lang];

  test(`${lang}: skip link, header, footer and dev-site notice`, async ({ page, baseURL }) => {
    await page.goto(program[lang]);
    // The skip link is the first stop of the keyboard, visible when focused, and lands on main.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: s.skip });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: s.title, exact: true })).toHaveAttribute('href', `/${lang}/home`);
    await expect(banner.getByRole('link', { name: s.survey, exact: true })).toHaveAttribute(
      'href',
      `/${lang}/correction`,
    );
    // "Survey" opens the correction form: its description says where it goes (WCAG 2.4.4).
    await expect(banner.getByRole('link', { name: s.survey, exact: true })).toHaveAccessibleDescription(
      s.surveyPurpose,
    );
    // With the script, the chat link opens the panel: a button that says whether it is open.
    await expect(banner.getByRole('button', { name: s.chat, exact: true })).toHaveAttribute('aria-expanded', 'false');
    // The header links are a landmark a listener can name: « Menu principal », not « Principal ».
    await expect(banner.getByRole('navigation', { name: s.nav, exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: s.tools, exact: true })).toHaveAttribute(
      'href',
      `/${lang}/calculator`,
    );

    // Not a production build: the dev-site notice links to the live site's home in this language.
    const notice = page.getByRole('region', { name: s.dev });
    await expect(notice).toContainText(s.dev);
    await expect(notice.getByRole('link', { name: s.live })).toHaveAttribute(
      'href',
      new RegExp(`^https?://[^/]+/${lang}/home$`),
    );

    // Canonical URL and alternates from SITE_URL, to each language's own alias.
    const origin = new URL(baseURL!).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${program[lang]}`);
    await expect(page.locator('link[rel="alternate"][hreflang^="en"]')).toHaveAttribute(
      'href',
      `${origin}${program.en}`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang^="fr"]')).toHaveAttribute(
      'href',
      `${origin}${program.fr}`,
    );

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('1-833-733-7835');
    await expect(footer).toContainText(s.teleCare);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await footer.getByRole('button', { name: s.print }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // The search box submits to this language's search page.
    await banner.getByRole('searchbox', { name: s.search }).fill('rent');
    await banner.getByRole('button', { name: s.searchButton, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/search/?\\?q=rent$`));
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}(-CA)?$`));
  });

  test(`${lang}: the print stylesheet keeps the program and drops navigation`, async ({ page }) => {
    await page.goto(program[lang]);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main')).toBeVisible();
    for (const selector of ['.site-header', '.site-footer', '.skip-link', '.dev-notice', '.toc', '.related']) {
      for (const element of await page.locator(selector).all()) await expect(element).toBeHidden();
    }
    await expect(page.getByRole('button', { name: s.print })).toHaveCount(0);
  });

  test(`${lang}: an unknown path behind nginx is a real 404 with the error page in this language`, async ({ page }) => {
    const response = await page.goto(`${nginxOrigin}/${lang}/no-such-page-here`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}(-CA)?$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(s.notFound);
    await expectNoAxeViolations(page);
  });
}

test('the language switch goes from a French program to its English alias', async ({ page }) => {
  await page.goto(program.fr);
  // The switch is named by its visible text, "English" (or a longer label containing it).
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`${program.en}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', /^en(-CA)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Disability Support Program');
});

for (const [lang, banner, link, title] of [
  [
    'en',
    'Financial help for home support',
    'Try the financial help calculator',
    'Financial help calculator for home support',
  ],
  [
    'fr',
    'Aide financière pour le soutien à domicile',
    'Essayer la calculatrice d’aide financière',
    'Calculatrice d’aide financière pour le soutien à domicile',
  ],
] as const) {
  test(`${lang}: the landing page's financial-help banner leads to the calculator`, async ({ page }) => {
    await page.goto(`/${lang}/home`);
    const region = page.getByRole('region', { name: banner });
    await region.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/calculator$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
}
