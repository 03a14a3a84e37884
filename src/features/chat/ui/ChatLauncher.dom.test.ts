// The 211 chat (ChatLauncher.astro's markup, chat-loader.ts and chat.ts over it, happy-dom), in
// both languages: the disclaimer modal, Decline, Chat now, the panel and its analytics event, Hide
// and Open, the hours, and "Open chat" kept for the session. What needs a page (the chat's code
// loaded only on the first click, axe with the modal open, Escape, the chat's frame, the scroll
// lock at each width, a chat that cannot load) is in tests/e2e/chat.spec.ts.
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Lang } from '../../../i18n/languages.ts';
import { mountWithScript } from '../../../site/testing/page-script.ts';
import { words } from '../../../site/testing/dom-text.ts';
import { chatStrings } from '../strings.ts';
import ChatLauncher from './ChatLauncher.astro';

const weekdayMorning = new Date('2026-07-15T13:00:00Z'); // Wednesday 10:00 in Moncton
const saturday = new Date('2026-07-18T15:00:00Z');

beforeEach(() => {
  sessionStorage.clear();
  // The frame's reachability probe (chat.ts): nothing leaves the test.
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 200 })));
  window.dataLayer = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function setup(lang: Lang, now: Date) {
  vi.useFakeTimers({ now, shouldAdvanceTime: true, toFake: ['Date'] });
  await mountWithScript(ChatLauncher, { lang }, () => import('./chat-loader.ts'));
  return { s: chatStrings[lang], user: userEvent.setup() };
}

const dialog = (title: string) => screen.getByRole('dialog', { name: words(title) });

describe.each(['en', 'fr'] as const)('chat (%s)', (lang) => {
  test('the disclaimer: focus on its title, Dial 2-1-1, Decline back to the button, then Chat now opens the panel, Hide and Open', async () => {
    const { s, user } = await setup(lang, weekdayMorning);
    const button = screen.getByRole('button', { name: s.getHelp });
    await user.click(button);
    const modal = await waitFor(() => dialog(s.MODAL_211_TITLE));
    expect(document.activeElement).toBe(within(modal).getByRole('heading', { name: s.MODAL_211_TITLE }));
    expect(within(modal).getByRole('link', { name: s.dial }).getAttribute('href')).toBe('tel:211');
    expect(document.documentElement.classList.contains('scroll-locked')).toBe(true);
    await user.click(within(modal).getByRole('button', { name: s.decline }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.classList.contains('scroll-locked')).toBe(false);
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(within(await waitFor(() => dialog(s.MODAL_211_TITLE))).getByRole('button', { name: s.chatNow }));
    // (happy-dom loads no frame, so the frame itself is the browser test's.)
    const panel = document.querySelector<HTMLDialogElement>('dialog.chat-panel')!;
    expect(panel.open).toBe(true);
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: s.frameTitle }));
    expect(window.dataLayer?.filter((e) => (e as { category?: string }).category === '211 Chat')).toEqual([
      { event: 'event', category: '211 Chat', action: '211 Chat Opened', label: '/en/home' },
    ]);
    await user.click(screen.getByRole('button', { name: s.hide }));
    expect(panel.open).toBe(false);
    await user.click(screen.getByRole('button', { name: s.open }));
    expect(panel.open).toBe(true);
  });
});

test('outside chat hours the modal says chat is closed and offers 2-1-1', async () => {
  const { s, user } = await setup('en', saturday);
  await user.click(screen.getByRole('button', { name: s.getHelp }));
  const modal = await waitFor(() => dialog(s.MODAL_211_TITLE));
  within(modal).getByText(/Chat is closed right now/);
  within(modal).getByRole('link', { name: s.dial });
  // Chat now stays (the service takes messages out of hours), and the hours are said once.
  within(modal).getByRole('button', { name: s.chatNow });
  expect(within(modal).getAllByText(/Monday to Friday/)).toHaveLength(1);
});

test('after accepting, the next page keeps the button as "Open chat" for the session', async () => {
  const { s, user } = await setup('en', weekdayMorning);
  await user.click(screen.getByRole('button', { name: s.getHelp }));
  await user.click(within(await waitFor(() => dialog(s.MODAL_211_TITLE))).getByRole('button', { name: s.chatNow }));
  // A new page load in the same session.
  await mountWithScript(ChatLauncher, { lang: 'en' }, () => import('./chat-loader.ts'));
  await user.click(screen.getByRole('button', { name: s.open }));
  screen.getByRole('button', { name: s.hide });
});
