// Progressive enhancement of the feedback form. Yes/No is posted on the click (as without
// JavaScript); only a 2xx brings the thanks and the optional comment, which is posted on its own
// (without the answer, so the answer is counted once). A failure is said in the alert region and
// what was typed stays.
import { randomUuid } from '../../../site/rules/random-uuid.ts';

interface FeedbackMessages {
  thanks: string;
  commentThanks: string;
  failed: string;
  sending: string;
}

/** A key per logical post, kept across retries so a retry after a lost answer is not stored twice. */
const newKey = () => randomUuid();

/** A failure said in an alert: the role comes with the text, so that it is announced. */
function say(alert: HTMLElement, text: string) {
  if (text) alert.setAttribute('role', 'alert');
  else alert.removeAttribute('role');
  alert.textContent = text;
}

for (const root of document.querySelectorAll<HTMLElement>('[data-feedback]')) {
  const form = root.querySelector('form')!;
  const messages = JSON.parse(root.dataset.strings ?? '{}') as FeedbackMessages;
  const step = (name: string) => root.querySelector<HTMLElement>(`[data-step="${name}"]`)!;
  const textarea = root.querySelector<HTMLTextAreaElement>('textarea')!;
  const status = root.querySelector<HTMLElement>('[data-feedback-status]')!;
  const alert = root.querySelector<HTMLElement>('[data-feedback-alert]')!;
  const keys = new Map<string, string>();

  const post = async (fields: Record<string, string>): Promise<boolean> => {
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const body = { page: data.page, lang: data.lang, website: data.website ?? '', ...fields };
    const which = JSON.stringify(fields);
    if (!keys.has(which)) keys.set(which, newKey());
    const key = keys.get(which)!;
    try {
      const response = await fetch(`${root.dataset.intake ?? ''}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
      return response.ok;
    } catch {
      return false;
    }
  };

  const sending = async (fields: Record<string, string>) => {
    const buttons = [...form.querySelectorAll('button')];
    buttons.forEach((b) => (b.disabled = true));
    say(alert, '');
    status.textContent = messages.sending;
    const ok = await post(fields);
    buttons.forEach((b) => (b.disabled = false));
    status.textContent = '';
    if (!ok) say(alert, messages.failed);
    return ok;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter?.name === 'answer') {
      const answer = submitter.value;
      // A comment typed before the answer (the box can show in text browsers) goes with it.
      const comment = textarea.value;
      void sending({ answer, ...(comment.trim() ? { comment } : {}) }).then((ok) => {
        if (!ok) return;
        step('answer').hidden = true;
        status.textContent = messages.thanks;
        if (comment.trim()) {
          form.hidden = true;
          status.focus();
          return;
        }
        step('comment').hidden = false;
        textarea.focus();
      });
      return;
    }
    const comment = textarea.value;
    if (!comment.trim()) return textarea.focus();
    void sending({ comment }).then((ok) => {
      if (!ok) return;
      form.hidden = true;
      status.textContent = messages.commentThanks;
      status.focus();
    });
  });
}
