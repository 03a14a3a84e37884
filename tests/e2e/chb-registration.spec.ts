// Housing benefit registration, driven by keyboard the way a user would: labels, buttons and
// the spec's messages word for word, in both languages, against the real intake service. The
// island's first-step messages, the province rule and the household members added and removed:
// src/features/chb-registration/ui/RegistrationForm.dom.test.tsx.
import type { Locator, Page } from '@playwright/test';
import { fill } from '../../src/i18n/define.ts';
import { registrationStrings } from '../../src/features/chb-registration/strings.ts';
import { applicationMessages, uploadMessage } from '../../src/features/chb-registration/messages.ts';
import { errorSummaryItem } from '../../src/i18n/error-summary.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const spec = {
  en: {
    required: 'This field is required.',
    nb: 'Must be NB.',
    declaration: 'Please click the checkbox to confirm information in this form is correct.',
    income: 'At least one income source must be entered for the Main Applicant.',
    tooLarge: 'File must be 7mb or less.',
    wrongType: 'File must be of type PDF, JPG, TIFF, or PNG.',
    unknown: 'An unknown error has occured. Please try again.',
  },
  fr: {
    required: 'Ce champ est obligatoire.',
    nb: 'La province doit être le Nouveau-Brunswick.',
    declaration: 'Veuillez cocher la case pour confirmer que les renseignements de ce formulaire sont exacts.',
    income: 'Au moins une source de revenu doit être inscrite pour la personne qui fait la demande.',
    tooLarge: 'Le fichier doit être de 7 Mo ou moins.',
    wrongType: 'Le fichier doit être de type PDF, JPG, TIFF ou PNG.',
    unknown: 'Une erreur inconnue s’est produite. Veuillez réessayer.',
  },
} as const;

const labels = {
  en: {
    female: 'Female',
    french: 'French',
    emailMethod: 'Email',
    province: 'New Brunswick',
    nova: 'Nova Scotia',
    no: 'No',
    privateLandlord: 'Private Landlord',
    spouse: 'Spouse/Partner',
    male: 'Male',
  },
  fr: {
    female: 'Femme',
    french: 'Français',
    emailMethod: 'Courriel',
    province: 'Nouveau-Brunswick',
    nova: 'Nouvelle-Écosse',
    no: 'Non',
    privateLandlord: 'Propriétaire privé',
    spouse: 'Conjoint ou conjointe',
    male: 'Homme',
  },
} as const;

// Keyboard only: focus and press, never a mouse click.
const press = async (target: Locator) => {
  await target.focus();
  await target.press('Enter');
};
const toggle = async (target: Locator) => {
  await target.focus();
  await target.press('Space');
};
const type = async (target: Locator, text: string) => {
  await target.focus();
  await target.fill(text);
};

const pdf = (name: string, bytes = 2048) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes, 0x20)]),
});

async function open(page: Page, lang: 'en' | 'fr') {
  await page.goto(`/${lang}/chb-registration`);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

async function continueStep(page: Page, lang: 'en' | 'fr') {
  await press(page.getByRole('button', { name: registrationStrings[lang].continue, exact: true }));
}

async function fillApplicant(page: Page, lang: 'en' | 'fr') {
  const s = registrationStrings[lang];
  const l = labels[lang];
  await type(page.getByLabel(s.firstName, { exact: true }), 'Marie');
  await type(page.getByLabel(s.lastName, { exact: true }), 'Leblanc');
  await type(page.getByLabel(s.email, { exact: true }), 'marie@example.ca');
  await type(page.getByLabel(s.phone, { exact: true }), '506 555 0123');
  await type(page.getByLabel(s.dateOfBirth, { exact: true }), '1988-04-17');
  await toggle(page.getByRole('group', { name: s.gender }).getByLabel(l.female, { exact: true }));
  await toggle(page.getByRole('group', { name: s.writtenLanguage }).getByLabel(l.french));
  await toggle(page.getByRole('group', { name: s.spokenLanguage }).getByLabel(l.french));
  await toggle(page.getByRole('group', { name: s.communication }).getByLabel(l.emailMethod));
  await type(page.getByLabel(s.sin, { exact: true }), '046 454 286');
  const home = page.getByRole('group', { name: s.homeAddress });
  await type(home.getByLabel(s.streetName), 'Main Street');
  await type(home.getByLabel(s.city), 'Moncton');
  await home.getByLabel(s.province).selectOption({ label: l.province });
  await type(home.getByLabel(s.postalCode), 'e1c4b6');
}

async function fillToUploads(page: Page, lang: 'en' | 'fr', audit = false) {
  const s = registrationStrings[lang];
  const l = labels[lang];
  // With audit, axe checks every section once it is filled in, just before Continue.
  const next = async () => {
    if (audit) await expectNoAxeViolations(page);
    await continueStep(page, lang);
  };
  // The form moves focus on the next frame (to the arriving step's heading, or to the error
  // summary). Every Continue waits for that move: a key pressed before it lands on the heading
  // or summary instead of its target, and the step does not change.
  const advance = async (to: keyof typeof s.steps) => {
    await next();
    await expect(page.getByRole('heading', { name: s.steps[to] })).toBeFocused();
  };
  const refused = async (message: string) => {
    await next();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  };
  await fillApplicant(page, lang);
  await advance('members19Plus');
  await advance('members18Under');
  await advance('rental');
  await type(page.getByLabel(s.monthlyRent), '950');
  await toggle(page.getByRole('group', { name: s.utilitiesIncluded }).getByLabel(l.no, { exact: true }));
  await type(page.getByLabel(s.water), '0');
  await type(page.getByLabel(s.electricity), '120');
  await type(page.getByLabel(s.heat), '80');
  await toggle(page.getByRole('group', { name: s.rentalType }).getByLabel(l.privateLandlord));
  await advance('employment');
  await press(page.getByRole('button', { name: s.addJob }));
  await expect(page.getByLabel(s.employer)).toBeFocused();
  await type(page.getByLabel(s.hoursPerWeek), '30');
  await type(page.getByLabel(s.hourlyRate), '16.25');
  await advance('otherIncome');
  await refused(spec[lang].income);
  await type(
    page.getByRole('textbox', {
      name: /^(Regular employment|Emploi régulier).*(Primary applicant|Personne qui fait la demande)$/,
    }),
    '25350',
  );
  await advance('additional');
  await advance('consent'); // additional information is optional
  await toggle(page.getByLabel(s.authorizeVerify));
  await advance('declaration');
  await refused(spec[lang].declaration);
  await toggle(page.getByLabel(s.declaration));
  await advance('uploads');
}

for (const lang of ['en', 'fr'] as const) {
  const s = registrationStrings[lang];
  const m = spec[lang];

  test(`required fields: the summary's links by keyboard, axe-clean with the errors shown (${lang})`, async ({
    page,
  }) => {
    await open(page, lang);
    await continueStep(page, lang);
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveCount(14);
    await expectNoAxeViolations(page);
    // Each line names the question and what is wrong with it.
    await press(
      summary.getByRole('link', {
        name: fill(lang, errorSummaryItem[lang].item, { label: s.firstName, reason: m.required }),
        exact: true,
      }),
    );
    await expect(page.getByLabel(s.firstName, { exact: true })).toBeFocused();
    if (lang === 'fr')
      await expect(page.locator('main')).not.toContainText(/\b(Continue|Back|Submit|Required|Error)\b/);
  });

  test(`a household member's errors are axe-clean (${lang})`, async ({ page }) => {
    await open(page, lang);
    await fillApplicant(page, lang);
    await continueStep(page, lang);
    await expect(page.getByRole('heading', { name: s.steps.members19Plus })).toBeFocused();
    await press(page.getByRole('button', { name: s.addAdult }));
    await expect(page.getByLabel(s.firstName, { exact: true })).toBeFocused();
    await continueStep(page, lang);
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('alert').getByRole('link')).toHaveCount(5);
    await expectNoAxeViolations(page);
  });

  test(`uploads: each error message, a progress bar, then review with a change link and the full submit (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await open(page, lang);
    await fillToUploads(page, lang);
    const rental = page.getByLabel(fill(lang, s.pair, { label: s.addFile, value: s.uploadGroups.rental.title }));
    // Too large and wrong type (a text file renamed .pdf) are refused in the browser.
    await rental.setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(7 * 1024 * 1024)]),
    });
    await expect(page.getByText(m.tooLarge)).toBeVisible();
    await rental.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just some text, not a PDF'),
    });
    await expect(page.getByText(m.wrongType)).toBeVisible();
    // A refusal the browser could not foresee: the unknown-error message, then Retry succeeds.
    await page.route('**/api/uploads', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, body: 'refused' }) : route.continue(),
    );
    await rental.setInputFiles(pdf('receipt.pdf'));
    await expect(page.getByText(m.unknown)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute('**/api/uploads');
    await press(page.getByRole('button', { name: fill(lang, s.retryFile, { name: 'receipt.pdf' }) }));
    await expect(
      page.getByRole('progressbar', { name: fill(lang, s.uploadProgress, { name: 'receipt.pdf' }) }),
    ).toHaveAttribute('value', '100', { timeout: 30_000 });
    await press(page.getByRole('button', { name: fill(lang, s.removeFile, { name: 'receipt.pdf' }) }));
    // Removing a file says so, and focus goes to its group's file input (not to the page body).
    await expect(page.locator('main [role="status"].visually-hidden')).toHaveText(
      fill(lang, s.fileRemoved, { name: 'receipt.pdf' }),
    );
    await expect(rental).toBeFocused();
    await press(page.getByRole('button', { name: fill(lang, s.removeFile, { name: 'big.pdf' }) }));
    await press(page.getByRole('button', { name: fill(lang, s.removeFile, { name: 'notes.pdf' }) }));
    await rental.setInputFiles(pdf('lease.pdf', 1_500_000));
    const bar = page.getByRole('progressbar', { name: fill(lang, s.uploadProgress, { name: 'lease.pdf' }) });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('value', '100', { timeout: 30_000 });
    await expect(page.getByText(s.uploaded, { exact: true })).toBeVisible();
    await page
      .getByLabel(fill(lang, s.pair, { label: s.addFile, value: s.uploadGroups.employment.title }))
      .setInputFiles(pdf('paystubs.pdf'));
    await expect(page.getByText(s.uploaded, { exact: true })).toHaveCount(2, { timeout: 30_000 });
    await continueStep(page, lang);

    await expect(page.getByRole('heading', { name: s.steps.review })).toBeFocused();
    await expect(page.getByRole('main')).toContainText('lease.pdf');
    await expect(page.getByRole('main')).toContainText('Marie');
    // The address as each language writes it: « Moncton (Nouveau-Brunswick)  E1C 4B6 ».
    await expect(page.getByRole('main')).toContainText(
      lang === 'fr'
        ? /Main Street, Moncton \(Nouveau-Brunswick\)\u00a0\u00a0E1C 4B6/
        : /Main Street, Moncton, New Brunswick\u00a0\u00a0E1C 4B6/,
    );
    await expectNoAxeViolations(page);
    // Change link round trip: back to the rental step, change the rent, return to the review.
    await press(page.getByRole('link', { name: fill(lang, s.changeSection, { step: s.steps.rental }) }));
    await expect(page.getByRole('heading', { name: s.steps.rental })).toBeFocused();
    await type(page.getByLabel(s.monthlyRent), '975');
    await press(page.getByRole('button', { name: s.saveAndReturn }));
    await expect(page.getByRole('heading', { name: s.steps.review })).toBeFocused();
    await expect(page.getByRole('main')).toContainText('975');

    await press(page.getByRole('button', { name: s.submit }));
    await expect(page.getByText(applicationMessages[lang].confirm_complete, { exact: true })).toBeVisible();
    await toggle(page.getByLabel(s.confirmComplete));
    await press(page.getByRole('button', { name: s.submit }));
    const confirm = page.getByRole('dialog', { name: s.confirmTitle });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.locator('html')).toHaveClass(/scroll-locked/);
    await press(confirm.getByRole('button', { name: s.cancel }));
    await expect(confirm).toBeHidden();
    await press(page.getByRole('button', { name: s.submit }));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/applications'));
    await press(page.getByRole('dialog', { name: s.confirmTitle }).getByRole('button', { name: s.confirmYes }));
    expect((await answer).status()).toBe(201);
    const success = page.getByRole('dialog', { name: s.successTitle });
    await expect(success).toBeVisible();
    await expect(success.locator('[data-application-number]')).toHaveText(/^\d{4}-\d{4}-\d{4}$/);
    await expectNoAxeViolations(page);
    await expect(success.getByRole('link', { name: s.returnHome })).toHaveAttribute('href', `/${lang}/home`);
  });

  // The quota answers the tus creation (POST): 429 when this address has uploaded its share, 507
  // when the total or the disk is full. Retrying cannot help, so the reader is told at once (before,
  // Uppy retried both for about 19 s); a passing server error is still retried.
  test(`uploads: a quota answer (429, 507) shows its message at once, without a retry; a 503 is retried (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await open(page, lang);
    await fillToUploads(page, lang);
    const rental = page.getByLabel(fill(lang, s.pair, { label: s.addFile, value: s.uploadGroups.rental.title }));
    const answerPosts = async (answer: (post: number) => number | null) => {
      let posts = 0;
      await page.unroute('**/api/uploads');
      await page.route('**/api/uploads', (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const status = answer(++posts);
        return status ? route.fulfill({ status, body: 'refused' }) : route.continue();
      });
      return () => posts;
    };
    for (const [status, code, name] of [
      [429, 'client_quota', 'first.pdf'],
      [507, 'storage_full', 'second.pdf'],
    ] as const) {
      const posts = await answerPosts(() => status);
      await rental.setInputFiles(pdf(name));
      await expect(page.getByText(uploadMessage(lang, code))).toBeVisible();
      expect(posts(), `${status}: sent once`).toBe(1);
      await press(page.getByRole('button', { name: fill(lang, s.removeFile, { name }) }));
    }
    const posts = await answerPosts((post) => (post === 1 ? 503 : null));
    await rental.setInputFiles(pdf('third.pdf'));
    await expect(
      page.getByRole('progressbar', { name: fill(lang, s.uploadProgress, { name: 'third.pdf' }) }),
    ).toHaveAttribute('value', '100', { timeout: 30_000 });
    expect(posts()).toBe(2);
  });
}

test('leaving with unsent answers asks for confirmation', async ({ page }) => {
  await open(page, 'en');
  await type(page.getByLabel('First name', { exact: true }), 'Marie');
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();
  await page.waitForEvent('close');
});

test('the SIN is never written to browser storage', async ({ page }) => {
  await open(page, 'en');
  await fillApplicant(page, 'en');
  await continueStep(page, 'en');
  // Look once the step has moved on, when anything the form kept of the first step would be written.
  await expect(page.getByRole('heading', { name: registrationStrings.en.steps.members19Plus })).toBeFocused();
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
  );
  expect(stored).not.toMatch(/046.?454.?286/);
});

test('every section is axe-clean, and the submitting modal shows while the application is sent', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, 'en');
  await fillToUploads(page, 'en', true);
  await expectNoAxeViolations(page);
  await continueStep(page, 'en');
  await expect(page.getByRole('heading', { name: registrationStrings.en.steps.review })).toBeFocused();
  await toggle(page.getByLabel(registrationStrings.en.confirmComplete));
  // The application is held until the submitting modal has been seen (a fixed delay would race a
  // slow machine: the answer could come before the modal is looked at).
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/applications', async (route) => {
    await released;
    await route.continue();
  });
  await press(page.getByRole('button', { name: 'Submit Form' }));
  // First attempt: the connection drops; the answers stay and the user can try again.
  await page.route('**/api/applications', (route) => route.abort('connectionreset'), { times: 1 });
  await press(
    page
      .getByRole('dialog', { name: registrationStrings.en.confirmTitle })
      .getByRole('button', { name: registrationStrings.en.confirmYes }),
  );
  const failed = page.getByRole('dialog', { name: registrationStrings.en.errorTitle });
  await expect(failed).toContainText(registrationStrings.en.errorNetwork);
  await expectNoAxeViolations(page);
  await press(failed.getByRole('button', { name: registrationStrings.en.tryAgain }));
  const submitting = page.getByRole('dialog', { name: 'Submitting Form...' });
  await expect(submitting).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await expect(page.getByRole('dialog', { name: 'CHB Application Submitted' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'CHB Application Submitted' })).toContainText(/\d{4}-\d{4}-\d{4}/);
  await expect(
    page.getByRole('button', { name: 'Return to Homepage' }).or(page.getByRole('link', { name: 'Return to Homepage' })),
  ).toBeVisible();
});

test('offline, Submit says sending needs a connection, sends nothing and keeps the answers (French)', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const s = registrationStrings.fr;
  await open(page, 'fr');
  await fillToUploads(page, 'fr');
  await continueStep(page, 'fr');
  await expect(page.getByRole('heading', { name: s.steps.review })).toBeFocused();
  await toggle(page.getByLabel(s.confirmComplete));
  const sent: string[] = [];
  context.on('request', (r) => {
    if (r.url().includes('/api/applications')) sent.push(r.url());
  });
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: s.errorOffline })).toBeVisible();
  await press(page.getByRole('button', { name: s.submit, exact: true }));
  await press(page.getByRole('dialog', { name: s.confirmTitle }).getByRole('button', { name: s.confirmYes }));
  const failed = page.getByRole('dialog', { name: s.errorTitle });
  await expect(failed).toContainText(s.errorOffline);
  expect(sent).toEqual([]);
  await context.setOffline(false);
  await press(failed.getByRole('button', { name: s.tryAgain }));
  await expect(page.getByRole('dialog', { name: s.successTitle })).toContainText(/\d{4}-\d{4}-\d{4}/);
});

test('an upload resumes after a dropped connection, from the offset the server kept', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, 'en');
  await fillToUploads(page, 'en');
  let patches = 0;
  let resumedWithHead = false;
  await page.route('**/api/uploads/**', async (route) => {
    const method = route.request().method();
    if (method === 'HEAD') resumedWithHead = true;
    if (method === 'PATCH' && ++patches === 2) return route.abort('connectionreset');
    return route.continue();
  });
  await page.getByLabel('Add a file: Rental information').setInputFiles(pdf('lease.pdf', 2_500_000));
  const bar = page.getByRole('progressbar', { name: 'Upload progress of lease.pdf' });
  await expect(bar).toHaveAttribute('value', '100', { timeout: 60_000 });
  // The dropped chunk was sent again after tus asked the server (HEAD) where it stood.
  expect(patches).toBeGreaterThanOrEqual(3);
  expect(resumedWithHead).toBe(true);
});
