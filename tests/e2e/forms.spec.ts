// Page feedback and correction requests, with and without JavaScript.
import { correctionStrings } from '../../src/features/correction/strings.ts';
import { fill } from '../../src/i18n/define.ts';
import { errorSummaryItem } from '../../src/i18n/error-summary.ts';
import { expect, expectNoAxeViolations, nginxOrigin, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';

/** A client address of its own (the e2e service trusts loopback's X-Forwarded-For), so that these
 * posts do not spend the form rate limit the other tests' posts share. */
const ownAddress = (page: Page, n: number) => page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${n}` });

test('feedback: Yes is recorded on the click, then a comment of its own, then thank-you', async ({ page }) => {
  await ownAddress(page, 1);
  await page.goto('/en/program/home-support-services');
  const feedback = page.getByRole('region', { name: 'Was this page helpful?' });
  await expect(feedback.getByText('Thank you')).toHaveCount(0);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/feedback')) posts.push(r.postData() ?? '');
  });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/feedback'));
  await feedback.getByRole('button', { name: 'Yes' }).click();
  expect((await answer).status()).toBe(200);
  await expect(feedback.getByRole('status')).toHaveText('Thank you for your feedback.');
  await page.getByLabel('Tell us more (optional)').fill('Clear and useful');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(feedback.getByRole('status')).toHaveText('Thank you, your comment was sent.');
  expect(posts.map((p) => JSON.parse(p) as Record<string, string>)).toEqual([
    expect.objectContaining({ answer: 'yes' }),
    expect.not.objectContaining({ answer: expect.anything() }),
  ]);
});

test('feedback: no, in French', async ({ page }) => {
  await ownAddress(page, 2);
  await page.goto('/fr/page/propos');
  await page.getByRole('button', { name: 'Non' }).click();
  await expect(page.getByText('Merci de vos commentaires.')).toBeVisible();
});

for (const [lang, path, s] of [
  [
    'en',
    '/en/program/home-support-services',
    { no: 'No', send: 'Send feedback', failed: /could not be sent/, thanks: /Thank you/ },
  ],
  [
    'fr',
    '/fr/page/propos',
    { no: 'Non', send: 'Envoyer les commentaires', failed: /n’ont pas pu être envoyés/, thanks: /Merci/ },
  ],
] as const) {
  test(`feedback (${lang}): a refused or lost answer is said, never thanked, and what was typed stays`, async ({
    page,
  }) => {
    let answer: 'refuse' | 'abort' = 'refuse';
    await page.route('**/api/feedback', (route) =>
      answer === 'abort'
        ? route.abort('internetdisconnected')
        : route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"rate_limited"}' }),
    );
    await page.goto(path);
    const feedback = page.locator('#feedback');
    await feedback.getByRole('button', { name: s.no }).click();
    await expect(feedback.getByRole('alert')).toHaveText(s.failed);
    await expect(feedback.getByText(s.thanks)).toHaveCount(0);
    await expect(feedback.getByRole('button', { name: s.no })).toBeVisible();
    answer = 'abort';
    await feedback.getByRole('button', { name: s.no }).click();
    await expect(feedback.getByRole('alert')).toHaveText(s.failed);
    await expect(feedback.getByText(s.thanks)).toHaveCount(0);
    // The answer gets through (a 200); the comment fails and is kept.
    await page.unroute('**/api/feedback');
    await page.route('**/api/feedback', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true,"id":1}' }),
    );
    await feedback.getByRole('button', { name: s.no }).click();
    await expect(feedback.getByRole('status')).toHaveText(s.thanks);
    await page.route('**/api/feedback', (route) => route.abort('internetdisconnected'));
    await feedback.locator('textarea').fill('The hours are wrong.');
    await feedback.getByRole('button', { name: s.send }).click();
    await expect(feedback.getByRole('alert')).toHaveText(s.failed);
    await expect(feedback.locator('textarea')).toHaveValue('The hours are wrong.');
  });
}

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
  for (const [lang, path, s] of [
    [
      'en',
      '/en/program/home-support-services',
      {
        yes: 'Yes',
        thanks: 'Thank you for your feedback.',
        more: 'Tell us more (optional)',
        send: 'Send feedback',
        back: 'Back to the page',
      },
    ],
    [
      'fr',
      '/fr/page/propos',
      {
        yes: 'Oui',
        thanks: 'Merci de vos commentaires.',
        more: 'Dites-nous-en plus (facultatif)',
        send: 'Envoyer les commentaires',
        back: 'Retour à la page',
      },
    ],
  ] as const) {
    test(`feedback (${lang}): Yes posts the form, the service's page thanks and takes a comment`, async ({ page }) => {
      await ownAddress(page, lang === 'en' ? 3 : 4);
      await page.goto(path);
      await expect(page.getByText(s.thanks)).toHaveCount(0);
      await page.getByRole('group', { name: /\?$/ }).getByRole('button', { name: s.yes }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.thanks);
      await page.getByLabel(s.more).fill('More detail, please.');
      await page.getByRole('button', { name: s.send }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.thanks);
      await page.getByRole('link', { name: s.back }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

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
