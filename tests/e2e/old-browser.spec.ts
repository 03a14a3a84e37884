// A browser of the target without the APIs that came after it (docs/browser-support.md): here
// crypto.randomUUID, which Safari 14 and any page on plain http lack. Feedback and a correction
// still go through the script, with their idempotency keys made by the fallback.
import { correctionStrings, correctionTypeLabels } from '../../src/features/correction/strings.ts';
import { feedbackStrings } from '../../src/features/feedback/strings.ts';
import { expect, test } from './support/fixtures.ts';

const pages = { en: '/en/program/home-support-services', fr: '/fr/page/propos' };

for (const [n, lang] of [
  [1, 'en'],
  [2, 'fr'],
] as const) {
  test.describe(`a browser without crypto.randomUUID (${lang})`, () => {
    const errors: string[] = [];
    test.beforeEach(async ({ page }) => {
      errors.length = 0;
      page.on('pageerror', (e) => errors.push(e.message));
      // Its own client address, so these posts do not spend the rate limit other tests share.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${230 + n}` });
      await page.addInitScript(() => {
        delete (Crypto.prototype as Partial<Crypto>).randomUUID;
      });
    });

    test('feedback: Yes, then a comment, each thanked after the service took it', async ({ page }) => {
      const f = feedbackStrings[lang];
      const keys: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/feedback')) keys.push(r.headers()['idempotency-key'] ?? '');
      });
      await page.goto(pages[lang]);
      expect(await page.evaluate(() => 'randomUUID' in crypto)).toBe(false);
      await page.getByRole('button', { name: f.yes, exact: true }).click();
      await expect(page.getByText(f.feedbackThanks)).toBeVisible();
      await page.getByLabel(f.feedbackComment).fill('Clear');
      await page.getByRole('button', { name: f.feedbackSend }).click();
      await expect(page.getByText(f.feedbackCommentThanks)).toBeVisible();
      expect(keys).toHaveLength(2);
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(errors).toEqual([]);
    });

    test('correction: sent and thanked', async ({ page }) => {
      const s = correctionStrings[lang];
      await page.goto(`/${lang}/correction?page=/${lang}/home`);
      await page.getByLabel(s.type).selectOption({ label: correctionTypeLabels[lang].broken_link });
      await page.getByLabel(s.description, { exact: true }).fill('The link to the guide does not work.');
      await page.getByRole('button', { name: s.submit, exact: true }).click();
      await expect(page.getByRole('dialog', { name: s.thanksTitle })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
