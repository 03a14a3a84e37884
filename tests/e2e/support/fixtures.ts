// Shared browser-test helpers: axe with the WCAG 2.2 AA rule set, and the nginx origin.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page, options: { include?: string; exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Origin of nginx serving the same build with the generated configuration. */
export const nginxOrigin = `http://127.0.0.1:${process.env.E2E_NGINX_PORT}`;

export const test = base;
export { expect };

/** Waits until every React island on the page has hydrated (Astro removes the `ssr` attribute). */
export async function waitForIslands(page: Page) {
  // client:visible islands hydrate when scrolled into view, as they do for a reader. Done in the
  // page, one frame per island, since an island may hydrate (and lose [ssr]) at any moment.
  await page.evaluate(async () => {
    for (const island of Array.from(document.querySelectorAll('astro-island[ssr]'))) {
      (island.firstElementChild ?? island).scrollIntoView({ block: 'center' });
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }
  });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
