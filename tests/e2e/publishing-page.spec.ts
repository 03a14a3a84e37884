// The editors' publishing page (rendered by the service, no script) passes axe in both
// languages, with a live release, a refused build, warnings opened, a running build and pages
// owed in the other language.
import { renderPublishingPage, type PublishingStatus } from '../../src/service/publishing/publishing-page.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const status: PublishingStatus = {
  currentRelease: 'r2',
  live: { builtAt: '2026-11-23T10:05:00Z', pages: 326 },
  building: true,
  queued: 1,
  history: [
    {
      id: 'r4',
      trigger: 'update program x en',
      events: [{ event: 'update', bundle: 'program', id: 'x', langcode: 'en', at: '' }],
      startedAt: '2026-11-23T10:09:00Z',
      finishedAt: null,
      durationMs: null,
      result: 'running',
      error: null,
      pages: null,
      warnings: [],
      warningCount: 0,
    },
    {
      id: 'r3',
      trigger: 'delete program y fr',
      events: [{ event: 'delete', bundle: 'program', id: 'y', langcode: 'fr', at: '' }],
      startedAt: '2026-11-23T10:07:00Z',
      finishedAt: '2026-11-23T10:07:20Z',
      durationMs: 20_000,
      result: 'failed',
      error: 'release checks failed:\nmissing page type "map" in fr',
      pages: 320,
      warnings: [],
      warningCount: 0,
    },
    {
      id: 'r2',
      trigger: 'update program z en',
      events: [{ event: 'update', bundle: 'program', id: 'z', langcode: 'en', at: '' }],
      startedAt: '2026-11-23T10:04:50Z',
      finishedAt: '2026-11-23T10:05:00Z',
      durationMs: 10_200,
      result: 'success',
      error: null,
      pages: 326,
      warnings: [
        {
          kind: 'broken-link',
          message: 'x',
          page: '/en/program/a/',
          linkText: 'old form',
          target: '/en/program/old-form',
        },
        {
          kind: 'invalid-node',
          message: 'title: required',
          node: { type: 'node--program', id: 'q', lang: 'fr' },
          field: 'title',
        },
      ],
      warningCount: 2,
    },
  ],
};

/** Pages owed in the other language: one in English only, one French page showing English text. */
const owed: PublishingStatus['officialLanguages'] = {
  builtAt: '2026-11-23T10:05:00Z',
  count: 2,
  pages: [
    {
      id: 'a',
      type: 'program',
      reason: 'one-language',
      lang: 'en',
      missing: 'fr',
      title: 'Porch Lift Grant',
      path: '/en/program/porch-lift-grant',
      fields: [],
      since: '2026-11-01T00:00:00Z',
      editUrl: 'https://cms.example/node/7/translations',
    },
    {
      id: 'b',
      type: 'page',
      reason: 'same-text',
      lang: 'fr',
      missing: 'fr',
      title: 'À propos',
      path: '/fr/page/a-propos',
      fields: ['body'],
      since: '2026-11-20T00:00:00Z',
      editUrl: null,
    },
  ],
};

for (const lang of ['en', 'fr'] as const) {
  test(`${lang}: the publishing page passes axe, with the warnings and the refusal reason open`, async ({ page }) => {
    await page.setContent(renderPublishingPage({ ...status, officialLanguages: owed }, lang));
    for (const details of await page.locator('details').all()) await details.locator('summary').click();
    await expect(page.locator('h1')).toHaveText(lang === 'en' ? 'Publishing' : 'Publication');
    await expect(page.locator('[data-live-warnings] li')).toHaveCount(2);
    await expect(page.locator('[data-official-languages] tbody tr')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });
}
