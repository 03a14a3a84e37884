// With JavaScript off the calculator page is still readable: the static content, and the phone
// line in place of a form that could do nothing, in both languages. (axe cannot run without
// JavaScript; the same page with JavaScript is audited in calculator.spec.ts.)
import { expect, test } from './support/fixtures.ts';

test.use({ javaScriptEnabled: false });

const t = {
  en: {
    title: 'Financial help calculator for home support',
    forMe: 'Is this calculator for me?',
    read: 'How to read the result',
    needs: 'The calculator needs JavaScript.',
    calculate: 'Calculate',
    applicant: 'Applicant annual net income',
  },
  fr: {
    title: 'Calculatrice d’aide financière pour le soutien à domicile',
    forMe: 'Cette calculatrice s’adresse-t-elle à vous ?',
    read: 'Comment lire le résultat',
    needs: 'La calculatrice nécessite JavaScript.',
    calculate: 'Calculer',
    applicant: 'Revenu net annuel de la personne qui fait la demande',
  },
};

for (const lang of ['en', 'fr'] as const) {
  const s = t[lang];
  test(`${lang}: the calculator page without JavaScript gives the phone line, not a dead form`, async ({ page }) => {
    await page.goto(`/${lang}/calculator`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.title);
    await expect(page.getByRole('heading', { name: s.forMe })).toBeVisible();
    await expect(page.getByRole('heading', { name: s.read })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(s.needs)).toBeVisible();
    await expect(main.getByRole('link', { name: '1-833-733-7835' })).toHaveAttribute('href', 'tel:18337337835');
    await expect(page.getByRole('button', { name: s.calculate, exact: true })).toBeHidden();
    await expect(page.getByLabel(s.applicant)).toBeHidden();
  });
}
