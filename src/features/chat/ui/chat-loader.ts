// Loads the 211 chat only when someone asks for it, then opens it on that same click.
const root = document.querySelector<HTMLElement>('[data-chat]');
if (root) {
  // The page's no-JavaScript fallback (a tel:211 link and a note) becomes the chat's button.
  root.querySelector('[data-chat-nojs]')?.remove();
  const fallback = root.querySelector<HTMLElement>('[data-chat-fallback]');
  if (fallback) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button chat-button';
    button.dataset.chatOpen = '';
    button.setAttribute('aria-expanded', 'false');
    button.textContent = fallback.textContent?.trim() ?? '';
    fallback.replaceWith(button);
  }
  // Accepted earlier in this browser session: the button already reads "Open chat".
  try {
    if (sessionStorage.getItem('chat211.disclaimerAccepted') === 'true') {
      const strings = JSON.parse(root.dataset.strings ?? '{}') as Record<string, string>;
      const button = root.querySelector('[data-chat-open]');
      if (button && strings.open) button.textContent = strings.open;
    }
  } catch {
    /* storage disabled: the default label stands */
  }
  // The header link opens and closes the panel like the button does: with the script it is a
  // button that says whether the panel is open (Space works as on a button).
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-chat-open]')) {
    link.setAttribute('role', 'button');
    link.setAttribute('aria-expanded', 'false');
    link.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      link.click();
    });
  }
  let chat: Promise<{ toggle: () => void }> | undefined;
  document.addEventListener('click', (event) => {
    const trigger = (event.target as Element | null)?.closest('[data-chat-open]');
    if (!trigger) return;
    event.preventDefault();
    chat ??= import('./chat.ts').then((m) => m.createChat(root));
    void chat.then(
      (c) => c.toggle(),
      () => {
        chat = undefined;
        const strings = JSON.parse(root.dataset.strings ?? '{}') as Record<string, string>;
        window.alert(strings.failed);
      },
    );
  });
}

export {};
