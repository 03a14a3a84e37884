// 211 chat: disclaimer modal, accept/decline, panel toggle, analytics, hours, scroll lock.
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const weekdayMorning = new Date('2026-07-15T13:00:00Z'); // Wednesday 10:00 in Moncton
const saturday = new Date('2026-07-18T15:00:00Z');

for (const [lang, s] of [
  [
    'en',
    {
      getHelp: 'Get help',
      title: 'Chat with 211',
      dial: 'Dial 2-1-1',
      decline: 'Decline',
      chatNow: 'Chat now',
      open: 'Open chat',
      hide: 'Hide chat',
      src: 'lang=en',
    },
  ],
  [
    'fr',
    {
      getHelp: 'Obtenir de l’aide',
      title: 'Clavarder avec le 211',
      dial: 'Composer le 211',
      decline: 'Refuser',
      chatNow: 'Clavarder maintenant',
      open: 'Ouvrir le clavardage',
      hide: 'Masquer le clavardage',
      src: 'lang=fr',
    },
  ],
] as const) {
  test(`the chat state machine (${lang})`, async ({ page }) => {
    await page.clock.setFixedTime(weekdayMorning);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.route(/nb\.211\.ca/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>chat</title><p>chat</p>' }),
    );
    await page.goto(`/${lang}/home`);
    await page.waitForLoadState('networkidle');
    // No chat code until the first click; the click loads it and opens the dialog.
    const before = scripts.length;
    const button = page.getByRole('button', { name: s.getHelp });
    await button.click();
    const dialog = page.getByRole('dialog', { name: s.title });
    await expect(dialog).toBeVisible();
    // First focus on the title, so the warning that follows is read before any action.
    await expect(dialog.getByRole('heading', { name: s.title })).toBeFocused();
    expect(scripts.length).toBeGreaterThan(before);
    await expect(dialog.getByRole('link', { name: s.dial })).toHaveAttribute('href', 'tel:211');
    await expect(page.locator('html')).toHaveClass(/scroll-locked/);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: s.decline }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await button.click();
    await page.getByRole('dialog', { name: s.title }).getByRole('button', { name: s.chatNow }).click();
    const frame = page.locator('.chat-panel iframe');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', new RegExp(s.src));
    const events = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((e) => (e as { category?: string }).category === '211 Chat'),
    );
    expect(events).toEqual([
      { event: 'event', category: '211 Chat', action: '211 Chat Opened', label: `/${lang}/home` },
    ]);
    const toggle = page.getByRole('button', { name: s.hide });
    await toggle.click();
    await expect(frame).toBeHidden();
    await page.getByRole('button', { name: s.open }).click();
    await expect(frame).toBeVisible();
  });
}

test('outside chat hours the modal says chat is closed and offers 2-1-1', async ({ page }) => {
  await page.clock.setFixedTime(saturday);
  await page.goto('/en/home');
  await page.getByRole('button', { name: 'Get help' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat with 211' });
  await expect(dialog).toContainText('Chat is closed right now');
  await expect(dialog.getByRole('link', { name: 'Dial 2-1-1' })).toBeVisible();
  // Chat now stays (the service takes messages out of hours), and the hours are said once.
  await expect(dialog.getByRole('button', { name: 'Chat now' })).toBeVisible();
  await expect(dialog.getByText(/Monday to Friday/)).toHaveCount(1);
});

test('after accepting, a reload keeps the button as "Open chat" for the session', async ({ page }) => {
  await page.goto('/en/home');
  await page.getByRole('button', { name: 'Get help' }).click();
  await page.getByRole('dialog', { name: 'Chat with 211' }).getByRole('button', { name: 'Chat now' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByRole('button', { name: 'Hide chat' })).toBeVisible();
});

for (const [width, locked] of [
  [1024, false],
  [375, true],
] as const) {
  test(`the open chat panel ${locked ? 'locks' : 'does not lock'} scrolling at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.clock.setFixedTime(weekdayMorning);
    await page.route(/nb\.211\.ca/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }),
    );
    await page.goto('/en/home');
    await page.getByRole('banner').getByRole('button', { name: 'Chat with 211' }).click();
    await page.getByRole('button', { name: 'Chat now' }).click();
    await expect(page.locator('.chat-panel iframe')).toBeVisible();
    if (locked) await expect(page.locator('html')).toHaveClass(/scroll-locked/);
    else await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
  });
}

for (const [lang, s] of [
  [
    'en',
    {
      getHelp: 'Get help',
      title: 'Chat with 211',
      chatNow: 'Chat now',
      failed: /The chat could not load/,
      dial: 'Dial 2-1-1',
      note: /needs JavaScript/,
    },
  ],
  [
    'fr',
    {
      getHelp: 'Obtenir de l’aide',
      title: 'Clavarder avec le 211',
      chatNow: 'Clavarder maintenant',
      failed: /n’a pas pu se charger/,
      dial: 'Composer le 211',
      note: /nécessite JavaScript/,
    },
  ],
] as const) {
  test(`a chat that cannot load is said, with 211 by phone, not the browser's error page (${lang})`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(weekdayMorning);
    await page.route(/nb\.211\.ca/, (route) => route.abort('namenotresolved'));
    await page.goto(`/${lang}/home`);
    await page.getByRole('button', { name: s.getHelp }).click();
    await page.getByRole('dialog', { name: s.title }).getByRole('button', { name: s.chatNow }).click();
    const panel = page.locator('.chat-panel');
    await expect(panel.getByRole('alert')).toContainText(s.failed);
    await expect(panel.getByRole('link', { name: s.dial })).toHaveAttribute('href', 'tel:211');
    await expect(panel.locator('iframe')).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test(`"Chat with 211" leads to 211 by phone, and Get help dials it (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/home`);
      await expect(page.getByRole('button', { name: s.getHelp })).toHaveCount(0);
      await expect(page.getByRole('link', { name: s.getHelp })).toHaveAttribute('href', 'tel:211');
      await page.getByRole('link', { name: s.title }).click();
      await expect(page.getByText(s.note)).toBeVisible();
      await expect(page.locator('#chat-211').getByRole('link', { name: s.dial })).toHaveAttribute('href', 'tel:211');
    });
  });
}
