// The context reused from test to test (playwright.config.ts) comes to each test as a new one
// would: what a test changed is gone (support/fixtures.ts resets what Playwright's reset leaves).
import { expect, test } from './support/fixtures.ts';

test.describe.configure({ mode: 'serial' });

test('a test changes the context: storage, a permission, a header, the network, a route', async ({ page, context }) => {
  await page.goto('/en/home');
  await page.evaluate(() => localStorage.setItem('left-behind', '1'));
  await context.grantPermissions(['clipboard-read']);
  await page.setExtraHTTPHeaders({ 'x-left-behind': 'page' });
  await context.setExtraHTTPHeaders({ 'x-left-behind-too': 'context' });
  await context.route('**/en/page/about', (route) => route.fulfill({ body: 'left behind' }));
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
});

test('the next test in the worker finds none of it', async ({ page }) => {
  const headers = page.waitForRequest('**/en/page/about').then((r) => r.allHeaders());
  const response = await page.goto('/en/page/about');
  expect(response?.status()).toBe(200);
  expect(await page.locator('h1').count()).toBe(1);
  expect(await headers).not.toHaveProperty('x-left-behind');
  expect(await headers).not.toHaveProperty('x-left-behind-too');
  expect(await page.evaluate(() => localStorage.getItem('left-behind'))).toBeNull();
  const permission = await page.evaluate(
    async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
  );
  expect(permission).toBe('prompt');
});
