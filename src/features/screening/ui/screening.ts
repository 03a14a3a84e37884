// "Might I qualify?" on the housing benefit screening page: puts the questions in the page (the
// page without this script keeps the criteria as text), reveals the conditional ones, and on submit
// shows errors beside each question and in a linked summary, or the result with focus on its
// heading. Answers stay in the page: nothing is stored or sent.
import { placeScriptMade } from '../../../site/rules/script-made.ts';
import { screen, visibleQuestions, type Question, type ScreeningAnswers } from '../rules/eligibility.ts';

/** The error summary's title, kept as data until there is a problem (text browsers print hidden text). */
function writeSummaryTitle(summary: HTMLElement) {
  const title = summary.querySelector<HTMLElement>('[data-title]');
  if (title && !title.textContent) title.textContent = title.dataset.title ?? '';
}

/** A summary link to a question's first answer (the kit gives it the question's id), or the income box. */
function summaryItem(message: string, question: HTMLElement): HTMLLIElement {
  const target = question.querySelector<HTMLInputElement>('input')!;
  const link = document.createElement('a');
  link.href = `#${target.id}`;
  link.textContent = message;
  link.addEventListener('click', (e) => {
    e.preventDefault();
    target.focus();
    question.scrollIntoView({ block: 'center' });
  });
  const item = document.createElement('li');
  item.append(link);
  return item;
}

const root = document.querySelector<HTMLElement>('[data-screening]');
if (root) setUp(root);

function setUp(root: HTMLElement) {
  placeScriptMade(root);
  const messages = JSON.parse(root.dataset.messages ?? '{}') as {
    errors: Record<string, string>;
    reasons: Record<string, string>;
    titles: { may: string; out: string };
  };
  const form = root.querySelector<HTMLFormElement>('[data-screening-form]')!;
  const summary = root.querySelector<HTMLElement>('[data-summary]')!;
  const result = root.querySelector<HTMLElement>('[data-result]')!;
  const resultTitle = result.querySelector<HTMLElement>('[data-result-title]')!;
  const may = result.querySelector<HTMLElement>('[data-result-may]')!;
  const out = result.querySelector<HTMLElement>('[data-result-out]')!;
  const reasons = result.querySelector<HTMLUListElement>('[data-reasons]')!;
  const { titles } = messages;
  for (const notice of root.querySelectorAll<HTMLElement>('[data-screening-nojs]')) notice.hidden = true;

  const block = (q: Question) => form.querySelector<HTMLElement>(`[data-question="${q}"]`)!;

  function answers(): ScreeningAnswers {
    const data = new FormData(form);
    const a: Record<string, string> = {};
    for (const [key, value] of data) if (typeof value === 'string') a[key] = value;
    return a;
  }

  /** Shows the conditional questions that apply (e.g. age only for people living alone). */
  function reveal() {
    const visible = new Set(visibleQuestions(answers()));
    for (const el of form.querySelectorAll<HTMLElement>('[data-when]')) {
      const shown = visible.has(el.dataset.question as Question);
      el.hidden = !shown;
      if (!shown) showError(el.dataset.question as Question, '');
    }
  }

  function showError(q: Question, message: string) {
    const el = block(q);
    const error = el.querySelector<HTMLElement>('.field-error')!;
    el.classList.toggle('field-invalid', Boolean(message));
    error.hidden = !message;
    error.textContent = message;
    for (const input of el.querySelectorAll('input')) {
      if (input.type !== 'radio') input.setAttribute('aria-invalid', message ? 'true' : 'false');
    }
  }

  form.addEventListener('change', reveal);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const outcome = screen(answers());
    for (const q of visibleQuestions(answers())) showError(q, '');
    const items = summary.querySelector('ul')!;
    items.replaceChildren();
    if (outcome.kind === 'errors') {
      result.hidden = true;
      for (const { question, problem } of outcome.errors) {
        const message = messages.errors[`${question}.${problem}`] ?? '';
        showError(question, message);
        items.append(summaryItem(message, block(question)));
      }
      writeSummaryTitle(summary);
      summary.hidden = false;
      summary.focus();
      return;
    }
    summary.hidden = true;
    const qualifies = outcome.kind === 'mayQualify';
    resultTitle.textContent = qualifies ? titles.may : titles.out;
    may.hidden = !qualifies;
    out.hidden = qualifies;
    reasons.replaceChildren(
      ...(outcome.kind === 'ruledOut' ? outcome.reasons : []).map((r) => {
        const li = document.createElement('li');
        li.textContent = messages.reasons[r] ?? r;
        return li;
      }),
    );
    result.hidden = false;
    resultTitle.focus();
  });
  reveal();
}
