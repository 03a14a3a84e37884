// Focus not obscured (WCAG 2.4.11): walking a page with Tab, no focused control sits under
// something fixed to the screen (the "Get help" button, the chat panel), on a phone, at 400 %
// zoom (a 1280 px window is 320 × 180 CSS px) and on a desktop; the footer's last line is not
// covered either. The open chat panel on a phone is a modal dialog: focus goes into it, stays
// there, Escape and its Close button shut it, and focus returns to what opened it.
import type { Page } from '@playwright/test';
import { chatStrings } from '../../src/features/chat/strings.ts';
import { expect, test } from './support/fixtures.ts';

const program = {
  en: '/en/program/disability-support-program',
  fr: '/fr/program/programme-de-soutien-aux-personnes-handicapees',
};

/** What the focused element is, and whether something fixed (or sticky) covers its centre. */
async function focusedAndCovered(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return undefined;
    const name = `${el.tagName.toLowerCase()} “${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}”`;
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit === el || el.contains(hit)) return { name, coveredBy: '' };
    for (let n: Element | null = hit; n; n = n.parentElement) {
      const position = getComputedStyle(n).position;
      if ((position === 'fixed' || position === 'sticky') && !n.contains(el))
        return { name, coveredBy: `${n.tagName.toLowerCase()}.${String(n.className).split(' ').join('.')}` };
    }
    return { name, coveredBy: '' };
  });
}

/** Tabs through the whole page once; the stops that something fixed hides. */
async function hiddenStops(page: Page): Promise<{ stops: number; hidden: string[] }> {
  const hidden: string[] = [];
  let stops = 0;
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press('Tab');
    const focused = await focusedAndCovered(page);
    if (!focused) {
      if (stops > 0) break; // past the last stop
      continue;
    }
    stops++;
    if (focused.coveredBy) hidden.push(`${focused.name} under ${focused.coveredBy}`);
  }
  return { stops, hidden };
}

/** Whether the footer's last line, scrolled to the bottom of the page, is under something fixed. */
async function lastLineCovered(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const lines = document.querySelectorAll('.site-footer p');
    const last = lines[lines.length - 1]!;
    const r = last.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(last);
    const text = range.getBoundingClientRect();
    const hit = document.elementFromPoint(text.right - 2, r.top + r.height / 2);
    return hit && !last.contains(hit) ? `${hit.tagName.toLowerCase()}.${hit.className}` : '';
  });
}

for (const lang of ['en', 'fr'] as const) {
  for (const [label, viewport] of [
    ['a phone (390 px)', { width: 390, height: 844 }],
    ['400 % zoom (320 × 180 px)', { width: 320, height: 180 }],
    ['a desktop (1280 px)', { width: 1280, height: 720 }],
  ] as const) {
    test(`no focused control is under the Get help button on ${label} (${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(program[lang]);
      const { stops, hidden } = await hiddenStops(page);
      expect(stops).toBeGreaterThan(15);
      expect(hidden).toEqual([]);
      expect(await lastLineCovered(page)).toBe('');
    });
  }

  test(`on a phone the open chat panel is a modal dialog (${lang})`, async ({ page }) => {
    const s = chatStrings[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route(/nb\.211\.ca/, (route) => route.fulfill({ contentType: 'text/html', body: '<p>chat</p>' }));
    await page.goto(program[lang]);
    const header = page.getByRole('banner').getByRole('button', { name: s.MODAL_211_TITLE });
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await header.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: s.MODAL_211_TITLE }).getByRole('button', { name: s.chatNow }).click();

    const panel = page.getByRole('dialog', { name: s.frameTitle });
    await expect(panel).toBeVisible();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    // Focus moves into the panel and stays there.
    await expect.poll(() => panel.evaluate((p) => p.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const outside = await panel.evaluate((p) =>
        document.activeElement && document.activeElement !== document.body && !p.contains(document.activeElement)
          ? document.activeElement.outerHTML.slice(0, 80)
          : '',
      );
      expect(outside, 'focus left the open chat panel').toBe('');
    }
    // Escape closes it and focus returns to the header link that opened it. Pressed from the
    // panel's own Close button: the Tab walk may end in the 211 frame, whose keys are that page's
    // (another origin), so where it ends would decide whether the page sees the Escape. The page
    // has the keyboard again (its document has focus) before the key is pressed: focus leaves the
    // other origin's frame in another process, not at once.
    const close = panel.getByRole('button', { name: s.close });
    await close.focus();
    await expect(close).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(header).toBeFocused();
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);

    // Reopened from the Get help button (now "Open chat"), its visible Close button shuts it.
    const launcher = page.getByRole('button', { name: s.open });
    await launcher.click();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: s.close }).click();
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
  });
}
