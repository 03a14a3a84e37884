// 211 chat (spec section 4): while the disclaimer is not accepted the button opens the
// disclaimer modal (Dial 2-1-1, Decline, Chat now); accepting opens the chat panel and records
// an analytics event; afterwards the button toggles the panel.
import { isChatOpen } from '../rules/hours.ts';
import { trackEvent } from '../../../site/rules/analytics.ts';
import { $disclaimerAccepted } from './disclaimer.ts';
import { lockScroll } from '../../../site/stores/scroll-lock.ts';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  ...children: Array<Node | string>
) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith('data-') || key.startsWith('aria-') || key === 'role') node.setAttribute(key, String(value));
    else (node as unknown as Record<string, unknown>)[key] = value;
  }
  node.append(...children);
  return node;
}

/** How long the chat may take to load before the panel says it could not. */
const FRAME_TIMEOUT_MS = 15_000;

/**
 * Calls `failed` when the chat cannot load: the browser shows its own error page in a frame (and
 * fires `load` for it), so the address is also probed (no-cors: reachable or not, nothing read),
 * and a frame that has not loaded in time counts as failed.
 */
function watchFrame(frame: HTMLIFrameElement, src: string, failed: () => void) {
  let done = false;
  const fail = () => {
    if (done) return;
    done = true;
    failed();
  };
  const timer = setTimeout(fail, FRAME_TIMEOUT_MS);
  frame.addEventListener('load', () => clearTimeout(timer));
  frame.addEventListener('error', fail);
  fetch(src, { mode: 'no-cors', cache: 'no-store' }).catch(fail);
}

export function createChat(root: HTMLElement) {
  const s = JSON.parse(root.dataset.strings ?? '{}') as Record<string, string>;
  const button = root.querySelector<HTMLButtonElement>('.chat-button')!;
  const narrow = window.matchMedia('(max-width: 768px)');
  let panel: HTMLElement | undefined;
  let panelLock: (() => void) | undefined;
  let opener: HTMLElement | null = null;

  const updatePanelLock = () => {
    const shouldLock = Boolean(panel && !panel.hidden && narrow.matches);
    if (shouldLock && !panelLock) panelLock = lockScroll('chat-panel');
    if (!shouldLock && panelLock) {
      panelLock();
      panelLock = undefined;
    }
  };
  narrow.addEventListener('change', updatePanelLock);

  function showPanel(show: boolean) {
    if (!panel) {
      const src = root.dataset.src ?? '';
      const frame = el('iframe', { src, title: s.frameTitle, loading: 'lazy' });
      const section = el('section', { className: 'chat-panel', 'aria-label': s.frameTitle }, frame);
      panel = section;
      root.prepend(section);
      watchFrame(frame, src, () =>
        section.replaceChildren(
          el('p', { className: 'chat-failed', role: 'alert' }, s.failed!, ' ', el('a', { href: 'tel:211' }, s.dial!)),
        ),
      );
    }
    panel.hidden = !show;
    button.textContent = show ? s.hide! : s.open!;
    button.setAttribute('aria-expanded', String(show));
    updatePanelLock();
  }

  function openDisclaimer() {
    opener = document.activeElement as HTMLElement | null;
    const open = isChatOpen(new Date());
    const dialog = el(
      'dialog',
      { className: 'modal chat-modal', 'aria-labelledby': 'chat-modal-title' },
      el('h2', { id: 'chat-modal-title' }, s.MODAL_211_TITLE!),
      // Closed: say so first (the closed text carries the hours); Chat now stays, since the
      // chat service takes messages outside its hours, and Dial 2-1-1 is always there.
      ...(open
        ? [el('p', {}, s.disclaimer!), el('p', {}, s.hours!)]
        : [el('p', { className: 'chat-closed' }, s.closed!), el('p', {}, s.disclaimer!)]),
      el('p', { className: 'tele-care' }, s.teleCare!),
    );
    const actions = el('div', { className: 'button-row' });
    const dial = el('a', { className: 'button-secondary', href: 'tel:211' }, s.dial!);
    const decline = el('button', { type: 'button', className: 'button-secondary' }, s.decline!);
    actions.append(dial, decline);
    const accept = el('button', { type: 'button', className: 'button' }, s.chatNow!);
    accept.addEventListener('click', () => {
      $disclaimerAccepted.set(true);
      dialog.close();
      showPanel(true);
      trackEvent({ category: '211 Chat', action: '211 Chat Opened', label: location.pathname });
    });
    actions.append(accept);
    const close = el('button', { type: 'button', className: 'modal-close', 'aria-label': s.close }, '×');
    dialog.append(actions, close);
    decline.addEventListener('click', () => dialog.close());
    close.addEventListener('click', () => dialog.close());
    const unlock = lockScroll('chat-disclaimer');
    dialog.addEventListener('close', () => {
      unlock();
      dialog.remove();
      if (!panel || panel.hidden) opener?.focus();
    });
    document.body.append(dialog);
    dialog.showModal();
  }

  return {
    toggle() {
      if (!$disclaimerAccepted.get()) return openDisclaimer();
      showPanel(!panel || panel.hidden);
    },
  };
}
