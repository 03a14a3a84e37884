// The offline page's list of the pages saved on this device, read from Cache Storage (the
// worker's index), newest first, each link in its page's language; and the button that clears them.
import { clearSaved, readIndex } from './offline-store.ts';

/** A button made here from its slot (without JavaScript it would do nothing, so the page has none). */
function buttonFromSlot(slot: HTMLElement, className: string, marker: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.setAttribute(marker, '');
  button.hidden = true;
  button.textContent = slot.dataset.label ?? '';
  slot.replaceWith(button);
  return button;
}

const root = document.querySelector<HTMLElement>('[data-offline-page]');
if (root) sayConnection(root);
if (root && 'caches' in window) void setUp(root);

/**
 * The page is also opened online (from a link, a bookmark): its heading and lead then say what is
 * true, and switch back and forth with the connection.
 */
function sayConnection(root: HTMLElement) {
  const strings = JSON.parse(root.dataset.strings ?? '{}') as Record<string, string>;
  const title = root.querySelector<HTMLElement>('[data-offline-title]');
  const lead = root.querySelector<HTMLElement>('[data-offline-lead]');
  const siteName = document.title.split(' | ').slice(1).join(' | ');
  const show = () => {
    const online = navigator.onLine;
    const heading = (online ? strings.onlineTitle : strings.title) ?? '';
    if (title) title.textContent = heading;
    if (lead) lead.textContent = (online ? strings.onlineLead : strings.lead) ?? '';
    document.title = siteName ? `${heading} | ${siteName}` : heading;
  };
  show();
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
}

async function showSaved(root: HTMLElement) {
  const list = root.querySelector<HTMLUListElement>('[data-saved-list]')!;
  const none = root.querySelector<HTMLElement>('[data-saved-none]')!;
  const clear = root.querySelector<HTMLButtonElement>('[data-clear-saved]')!;
  // The offline pages themselves are kept for the worker, not pages the reader saved (their
  // stored title, « Vous êtes hors ligne », would not be true of them online either).
  const pages = (await readIndex()).pages.filter((page) => !/^\/(?:en|fr)\/offline\/?$/.test(page.path));
  list.replaceChildren(
    ...pages.map((page) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = page.path;
      link.textContent = page.title;
      if (page.lang !== document.documentElement.lang) link.lang = page.lang;
      item.append(link);
      return item;
    }),
  );
  list.hidden = pages.length === 0;
  none.hidden = pages.length > 0;
  clear.hidden = pages.length === 0;
}

async function setUp(root: HTMLElement) {
  buttonFromSlot(root.querySelector('[data-clear-saved-slot]')!, 'button-secondary', 'data-clear-saved');
  const strings = JSON.parse(root.dataset.strings ?? '{}') as Record<string, string>;
  const status = root.querySelector<HTMLElement>('[data-clear-status]')!;
  await showSaved(root).catch(() => undefined);
  root.querySelector('[data-clear-saved]')!.addEventListener('click', () => {
    clearSaved()
      .then(() => showSaved(root))
      .then(
        () => {
          status.textContent = strings.cleared ?? '';
          // The button is gone once nothing is saved: focus goes to the sentence that says so
          // (without « encore » / "yet": pages were saved, and were just removed).
          const none = root.querySelector<HTMLElement>('[data-saved-none]')!;
          none.textContent = strings.savedNoneCleared ?? none.textContent;
          none.tabIndex = -1;
          none.focus();
        },
        () => (status.textContent = strings.clearFailed ?? ''),
      );
  });
}
