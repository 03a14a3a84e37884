// Page feedback and correction requests, with and without JavaScript.
import { correctionStrings } from '../../src/features/correction/strings.ts';
import { fill } from '../../src/i18n/define.ts';
import { errorSummaryItem } from '../../src/i18n/error-summary.ts';
import { expect, expectNoAxeViolations, nginxOrigin, test } from './support/fixtures.ts';

test('feedback: yes, then a comment, then thank-you', async ({ page }) => {
  await page.goto('/en/program/home-support-services');
  const feedback = page.getByRole('region', { name: 'Was this page helpful?' });
  await feedback.getByRole('button', { name: 'Yes' }).click();
  await page.getByLabel('Tell us more (optional)').fill('Clear and useful');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/feedback'));
  await page.getByRole('button', { name: 'Send feedback' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
});

test('feedback: no, in French', async ({ page }) => {
  await page.goto('/fr/page/propos');
  await page.getByRole('button', { name: 'Non' }).click();
  await page.getByRole('button', { name: 'Envoyer les commentaires' }).click();
  await expect(page.getByText('Merci de vos commentaires.')).toBeVisible();
});

for (const lang of ['en', 'fr'] as const) {
  const s =
    lang === 'en'
      ? {
          page: 'Page address or title',
          type: 'Type of correction',
          description: 'Description',
          email: 'Email (optional)',
          submit: 'Submit',
          summary: 'There is a problem',
          required: 'This field is required.',
          thanks: 'Thank you',
          back: 'Go back to the page',
          another: 'Submit another request',
          option: 'Broken link',
          badEmail: 'Enter an email address in the correct format, like name@example.com',
        }
      : {
          page: 'Adresse ou titre de la page',
          type: 'Type de correction',
          description: 'Description',
          email: 'Courriel (facultatif)',
          submit: 'Envoyer',
          summary: 'Il y a un problème',
          required: 'Ce champ est obligatoire.',
          thanks: 'Merci',
          back: 'Retourner à la page',
          another: 'Envoyer une autre demande de correction',
          option: 'Lien brisé',
          badEmail: 'Entrez une adresse courriel au bon format, par exemple nom@exemple.ca',
        };

  test(`correction form with errors and the success modal (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}/correction?page=/${lang}/home`);
    await expect(page.getByLabel(s.page)).toHaveValue(`/${lang}/home`);
    await page.getByLabel(s.email).fill('not-an-email');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(s.summary);
    // Each message once, beside its field; the summary links name the fields.
    await expect(page.getByText(s.required, { exact: true })).toHaveCount(2);
    await expect(page.getByText(s.badEmail, { exact: true })).toBeVisible();
    // Each line names the field and what is wrong with it.
    await expect(summary.getByRole('link')).toHaveText([
      fill(lang, errorSummaryItem[lang].item, { label: s.type, reason: s.required }),
      fill(lang, errorSummaryItem[lang].item, { label: s.description, reason: s.required }),
      fill(lang, errorSummaryItem[lang].item, { label: s.email, reason: s.badEmail }),
    ]);
    await summary.getByRole('link', { name: s.description }).click();
    await expect(page.getByLabel(s.description)).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByLabel(s.type).selectOption({ label: s.option });
    await page.getByLabel(s.description).fill('The link to the guide does not work.');
    await page.getByLabel(s.email).fill('');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: s.thanks });
    await expect(dialog).toBeVisible();
    // First focus on the dialog's title, so that its text is read before its actions.
    await expect(dialog.getByRole('heading', { name: s.thanks })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: s.another }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(s.description)).toHaveValue('');
    await page.getByLabel(s.type).selectOption({ label: s.option });
    await page.getByLabel(s.description).fill('Second request');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await page.getByRole('dialog', { name: s.thanks }).getByRole('link', { name: s.back }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/home$`));
  });
}

for (const lang of ['en', 'fr'] as const) {
  test(`a correction that could not be sent is said, with focus on the message (${lang})`, async ({ page }) => {
    const s = correctionStrings[lang];
    await page.route('**/api/corrections', (route) => route.abort('connectionreset'));
    await page.goto(`/${lang}/correction`);
    await page.getByLabel(s.type).selectOption({ index: 1 });
    await page.getByLabel(s.description).fill('A sentence to correct.');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    const message = page.getByText(s.networkError);
    await expect(message).toBeVisible();
    await expect(message).toBeFocused();
    await expect(page.getByLabel(s.description)).toHaveValue('A sentence to correct.');
  });
}

test('a correction can be sent without naming the page (the survey link)', async ({ page }) => {
  await page.goto('/survey');
  await expect(page).toHaveURL(/\/en\/correction/);
  await page.getByLabel('Type of correction').selectOption({ label: 'Other' });
  await page.getByLabel('Description').fill('The opening hours are out of date.');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('Thank you', { exact: true })).toHaveCount(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('feedback: Yes posts the form and the page says thank you', async ({ page }) => {
    await page.goto('/en/program/home-support-services');
    await page.getByRole('group', { name: 'Was this page helpful?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/feedback=thanks#feedback-thanks$/);
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Yes' })).toBeHidden();
  });

  for (const [lang, s] of [
    [
      'en',
      {
        type: 'Type of correction',
        description: 'Description',
        email: 'Email (optional)',
        submit: 'Submit',
        required: 'This field is required.',
        badEmail: 'Enter an email address in the correct format, like name@example.com',
        other: 'Other',
      },
    ],
    [
      'fr',
      {
        type: 'Type de correction',
        description: 'Description',
        email: 'Courriel (facultatif)',
        submit: 'Envoyer',
        required: 'Ce champ est obligatoire.',
        badEmail: 'Entrez une adresse courriel au bon format, par exemple nom@exemple.ca',
        other: 'Autre',
      },
    ],
  ] as const) {
    test(`correction errors come back beside the fields and in the summary, answers kept (${lang})`, async ({
      page,
    }) => {
      await page.goto(`${nginxOrigin}/${lang}/correction`);
      await page.getByLabel(s.email).fill('not-an-email');
      await page.getByLabel(s.description).fill('The address is wrong.');
      await page.getByRole('button', { name: s.submit, exact: true }).press('Enter');
      await expect(page.getByText(s.required, { exact: true })).toHaveCount(1);
      await expect(page.getByText(s.badEmail, { exact: true })).toBeVisible();
      const summary = page.getByRole('alert');
      await expect(summary.getByRole('link')).toHaveText([
        fill(lang, errorSummaryItem[lang].item, { label: s.type, reason: s.required }),
        fill(lang, errorSummaryItem[lang].item, { label: s.email, reason: s.badEmail }),
      ]);
      await expect(page.getByLabel(s.description)).toHaveValue('The address is wrong.');
      await expect(page.getByLabel(s.email)).toHaveValue('not-an-email');
      await page.getByLabel(s.type).selectOption({ label: s.other });
      await page.getByLabel(s.email).fill('');
      await page.getByRole('button', { name: s.submit, exact: true }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/correction/thanks$`));
    });
  }

  test('the correction form posts and lands on the thank-you page', async ({ page }) => {
    await page.goto('/en/correction');
    await page.getByLabel('Page address or title').fill('/en/page/about');
    await page.getByLabel('Type of correction').selectOption({ label: 'Other' });
    await page.getByLabel('Description').fill('Typo in the second paragraph.');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/correction\/thanks$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you');
  });
});
