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

/** The chat's frame; a chat that cannot load is said, with the phone line, instead of the browser's error page. */
function chatFrame(src: string, s: Record<string, string>): HTMLIFrameElement {
  const frame = el('iframe', { src, title: s.frameTitle, loading: 'lazy' });
  watchFrame(frame, src, () =>
    frame.replaceWith(
      el('p', { className: 'chat-failed', role: 'alert' }, s.failed!, ' ', el('a', { href: 'tel:211' }, s.dial!)),
    ),
  );
  return frame;
}

export function createChat(root: HTMLElement) {
  const s = JSON.parse(root.dataset.strings ?? '{}') as Record<string, string>;
  const button = root.querySelector<HTMLButtonElement>('.chat-button')!;
  // On a narrow window the open panel covers the page: there it is a modal dialog (focus inside,
  // the rest of the page inert, scroll locked); on a wide one it sits beside the page.
  const narrow = window.matchMedia('(max-width: 768px)');
  let panel: HTMLDialogElement | undefined;
  let panelLock: (() => void) | undefined;
  let opener: HTMLElement | null = null;
  /** Set while the panel is reopened in the other mode, so that close is not the reader's. */
  let switching = false;

  const setExpanded = (open: boolean) => {
    button.textContent = open ? s.hide! : s.open!;
    for (const trigger of document.querySelectorAll('[data-chat-open]'))
      trigger.setAttribute('aria-expanded', String(open));
  };

  function openPanel(dialog: HTMLDialogElement) {
    if (narrow.matches) {
      dialog.showModal();
      panelLock ??= lockScroll('chat-panel');
    } else {
      dialog.show();
    }
  }

  function buildPanel(): HTMLDialogElement {
    const heading = el('h2', { id: 'chat-panel-title', tabIndex: -1 }, s.frameTitle!);
    const close = el('button', { type: 'button', className: 'button-secondary chat-panel-close' }, s.close!);
    const dialog = el(
      'dialog',
      { className: 'chat-panel', 'aria-labelledby': 'chat-panel-title' },
      el('div', { className: 'chat-panel-bar' }, heading, close),
      chatFrame(root.dataset.src ?? '', s),
    );
    close.addEventListener('click', () => dialog.close());
    // A modal dialog closes itself on Escape; the panel beside the page does too.
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !dialog.matches(':modal')) {
        event.preventDefault();
        dialog.close();
      }
    });
    dialog.addEventListener('close', () => {
      if (switching) return;
      panelLock?.();
      panelLock = undefined;
      setExpanded(false);
      if (opener?.isConnected) opener.focus();
    });
    root.prepend(dialog);
    return dialog;
  }

  narrow.addEventListener('change', () => {
    if (!panel?.open) return;
    switching = true;
    panel.close();
    switching = false;
    if (!narrow.matches && panelLock) {
      panelLock();
      panelLock = undefined;
    }
    openPanel(panel);
  });

  function showPanel(show: boolean) {
    if (!show) {
      panel?.close();
      return;
    }
    opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body
        ? document.activeElement
        : button;
    panel ??= buildPanel();
    openPanel(panel);
    setExpanded(true);
    // Focus goes into the panel, on its title, so the next Tab reaches its Close button and the chat.
    panel.querySelector<HTMLElement>('#chat-panel-title')?.focus();
  }

  return {
    toggle() {
      if (!$disclaimerAccepted.get()) return openDisclaimer(s, () => showPanel(true));
      showPanel(!panel?.open);
    },
  };
}

/** The disclaimer modal (Dial 2-1-1, Decline, Chat now); onAccept opens the panel. */
function openDisclaimer(s: Record<string, string>, onAccept: () => void) {
  const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const open = isChatOpen(new Date());
  const dialog = el(
    'dialog',
    { className: 'modal chat-modal', 'aria-labelledby': 'chat-modal-title', 'aria-describedby': 'chat-modal-text' },
    // First focus on the title, so the warning that follows is read before any action.
    el('h2', { id: 'chat-modal-title', tabIndex: -1 }, s.MODAL_211_TITLE!),
    // Closed: say so first (the closed text carries the hours); Chat now stays, since the
    // chat service takes messages outside its hours, and Dial 2-1-1 is always there.
    el(
      'div',
      { id: 'chat-modal-text' },
      ...(open
        ? [el('p', {}, s.disclaimer!), el('p', {}, s.hours!)]
        : [el('p', { className: 'chat-closed' }, s.closed!), el('p', {}, s.disclaimer!)]),
      el('p', { className: 'tele-care' }, s.teleCare!),
    ),
  );
  const actions = el('div', { className: 'button-row' });
  const dial = el('a', { className: 'button-secondary', href: 'tel:211' }, s.dial!);
  const decline = el('button', { type: 'button', className: 'button-secondary' }, s.decline!);
  actions.append(dial, decline);
  const accept = el('button', { type: 'button', className: 'button' }, s.chatNow!);
  let accepted = false;
  accept.addEventListener('click', () => {
    $disclaimerAccepted.set(true);
    accepted = true;
    dialog.close();
    trigger?.focus();
    onAccept();
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
    if (!accepted) trigger?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  dialog.querySelector<HTMLElement>('#chat-modal-title')?.focus();
}
