// Enhances the correction form: prefill from ?page=, errors beside fields and in a linked
// summary, success modal with "go back" and "submit another". Scroll is locked while it is open.
import { lockScroll } from '../../../site/stores/scroll-lock.ts';
import { isEmail } from '../../../site/form/email.ts';
import { fill } from '../../../i18n/define.ts';
import { errorSummaryItem } from '../../../i18n/error-summary.ts';
import type { Lang } from '../../../i18n/languages.ts';
import { randomUuid } from '../../../site/rules/random-uuid.ts';

/** The error summary's title, kept as data until there is a problem (text browsers print hidden text). */
function writeSummaryTitle(summary: HTMLElement) {
  const title = summary.querySelector<HTMLElement>('[data-title]');
  if (title && !title.textContent) title.textContent = title.dataset.title ?? '';
}

/** The thank-you dialog's text, kept as data in the page until now (text browsers print <dialog>). */
function writeThanks(modal: HTMLDialogElement) {
  const t = JSON.parse(modal.dataset.strings ?? '{}') as Record<'title' | 'text' | 'goBack' | 'another', string>;
  const title = document.createElement('h2');
  title.id = 'thanks-title';
  title.tabIndex = -1;
  title.textContent = t.title;
  const text = document.createElement('p');
  text.textContent = t.text;
  const goBack = document.createElement('a');
  goBack.className = 'button';
  goBack.href = modal.dataset.home ?? '/';
  goBack.dataset.goBack = '';
  goBack.textContent = t.goBack;
  const another = document.createElement('button');
  another.type = 'button';
  another.className = 'button-secondary';
  another.dataset.another = '';
  another.textContent = t.another;
  const row = document.createElement('div');
  row.className = 'button-row';
  row.append(goBack, another);
  modal.replaceChildren(title, text, row);
}

const root = document.querySelector<HTMLElement>('[data-correction]');
if (root) {
  const form = root.querySelector('form')!;
  const summary = root.querySelector<HTMLElement>('[data-summary]')!;
  const modal = root.querySelector<HTMLDialogElement>('[data-thanks-modal]')!;
  const messages = JSON.parse(root.dataset.messages ?? '{}') as Record<string, string>;
  const lang: Lang = document.documentElement.lang === 'fr' ? 'fr' : 'en';
  const params = new URLSearchParams(location.search);
  // The page the reader came from: ?page= from the page's link, else the referring page of this site.
  const referrer = document.referrer.startsWith(location.origin) ? new URL(document.referrer).pathname : '';
  const page =
    params.get('page') ?? (/^\/(en|fr)\//.test(referrer) && !referrer.includes('/correction') ? referrer : null);
  const pageInput = form.querySelector<HTMLInputElement>('[name="page"]')!;
  if (page) pageInput.value = page;
  writeThanks(modal);
  const goBack = modal.querySelector<HTMLAnchorElement>('[data-go-back]')!;
  if (page && /^\/(en|fr)\//.test(page)) goBack.href = page;
  let unlock: (() => void) | undefined;
  let opener: HTMLElement | null = null;

  function showErrors(fields: Record<string, string>) {
    const list = summary.querySelector('ul')!;
    list.replaceChildren();
    for (const field of ['page', 'type', 'description', 'email']) {
      const box = form.querySelector<HTMLElement>(`[data-field="${field}"]`)!;
      const error = box.querySelector<HTMLElement>('.field-error')!;
      const input = box.querySelector<HTMLInputElement>('input, select, textarea')!;
      const code = fields[field];
      box.classList.toggle('field-invalid', Boolean(code));
      error.hidden = !code;
      error.textContent = code ? (messages[code] ?? messages.invalid ?? '') : '';
      input.setAttribute('aria-invalid', code ? 'true' : 'false');
      if (code) {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = `#${input.id}`;
        // Each line names the field and what is wrong with it.
        const label = box.querySelector('label')?.textContent;
        link.textContent = label
          ? fill(lang, errorSummaryItem[lang].item, { label, reason: error.textContent ?? '' })
          : error.textContent;
        item.append(link);
        list.append(item);
      }
    }
    summary.hidden = list.children.length === 0;
    if (!summary.hidden) writeSummaryTitle(summary);
    if (!summary.hidden) summary.focus();
  }

  function clientCheck(): Record<string, string> {
    const data = new FormData(form);
    const fields: Record<string, string> = {};
    for (const name of ['type', 'description']) if (!String(data.get(name) ?? '').trim()) fields[name] = 'required';
    const email = String(data.get('email') ?? '').trim();
    if (email && !isEmail(email)) fields.email = 'invalid_email';
    return fields;
  }

  if (params.get('errors')) {
    for (const name of ['type', 'description', 'email'] as const) {
      const value = params.get(name);
      const input = form.querySelector<HTMLInputElement>(`[name="${name}"]`);
      if (value && input) input.value = value;
    }
    showErrors(
      Object.fromEntries(
        params
          .get('errors')!
          .split(',')
          .map((p) => p.split(':') as [string, string]),
      ),
    );
  }

  // Offline, the form says that sending needs a connection; what was typed stays in the form.
  const offlineNotice = form.querySelector<HTMLElement>('[data-offline-notice]')!;
  const showConnection = () => (offlineNotice.textContent = navigator.onLine ? '' : (offlineNotice.dataset.text ?? ''));
  addEventListener('online', showConnection);
  addEventListener('offline', showConnection);
  showConnection();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const networkError = form.querySelector<HTMLElement>('[data-network-error]')!;
    networkError.textContent = '';
    networkError.removeAttribute('role');
    const fields = clientCheck();
    showErrors(fields);
    if (Object.keys(fields).length) return;
    if (!navigator.onLine) return showConnection();
    opener = document.activeElement as HTMLElement | null;
    const body = Object.fromEntries(new FormData(form));
    try {
      const response = await fetch(`${root.dataset.intake ?? ''}/api/corrections`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUuid() },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { fields?: Record<string, string> };
      if (response.status === 400 && answer.fields) return showErrors(answer.fields);
      if (!response.ok) throw new Error(String(response.status));
      unlock = lockScroll('correction-thanks');
      modal.showModal();
      // First focus on the title, so the dialog's text is read before its actions.
      modal.querySelector<HTMLElement>('#thanks-title')?.focus();
    } catch {
      // A failed fetch while the browser knows it is offline is said as such; otherwise the network error.
      // Said (an alert) and focused, so that it is heard (WCAG 4.1.3) and Submit is one Tab away.
      if (navigator.onLine) {
        networkError.setAttribute('role', 'alert');
        networkError.textContent = networkError.dataset.text ?? '';
        networkError.tabIndex = -1;
        networkError.focus();
      } else showConnection();
    }
  });

  modal.addEventListener('close', () => {
    unlock?.();
    unlock = undefined;
    opener?.focus();
  });
  modal.querySelector('[data-another]')!.addEventListener('click', () => {
    form.reset();
    if (page) pageInput.value = page;
    showErrors({});
    modal.close();
    pageInput.focus();
  });
}
