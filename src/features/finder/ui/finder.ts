// Program finder page: puts its questions and results in the page (ScriptMade); lists the programs
// that fit the answers, in place, as they change, each with why it is there; announces the count;
// restores answers from a shared link's fragment and copies such a link. Answers stay in the page: nothing is stored, sent or written to the address.
import { plural } from '../../../i18n/fill.ts';
import { langOf } from '../../../i18n/languages.ts';
import { placeScriptMade } from '../../../site/rules/script-made.ts';
import { answersFromFragment, answersToFragment } from '../rules/fragment.ts';
import { isFinderTag, type FinderTag } from '../rules/questions.ts';
import { findPrograms, normalizeAnswers } from '../rules/rules.ts';
import { sentence, type ReasonWords } from '../rules/text.ts';

interface Strings {
  because: string;
  again: string;
  words: ReasonWords;
  countNone: string;
  countZero: string;
  countOne: string;
  countMany: string;
  copied: string;
  copyManual: string;
  yourAnswers: string;
  answerSeparator: string;
}

const root = document.querySelector<HTMLElement>('[data-finder]');
if (root) setUp(root);

function setUp(root: HTMLElement) {
  placeScriptMade(root);
  const s = JSON.parse(root.dataset.strings ?? '{}') as Strings;
  const lang = langOf(document.documentElement.lang);
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-finder-${name}]`)!;
  const questions = part('questions');
  const inputs = [...questions.querySelectorAll('input')];
  const list = part('list');
  const tags = (value = '') => value.split(' ').filter(isFinderTag);
  const programs = [...list.children].map((el) => ({
    el: el as HTMLElement,
    relevant: tags((el as HTMLElement).dataset.relevant),
    excludes: tags((el as HTMLElement).dataset.excludes),
  }));
  const count = part('count');
  const copied = part('copied');
  const linkField = part('link');
  const link = linkField.querySelector('input')!;

  for (const el of root.querySelectorAll<HTMLElement>('[data-finder-nojs]')) el.hidden = true;
  part('results').hidden = false;

  const answers = () => normalizeAnswers(inputs.filter((i) => i.checked).map((i) => i.value));

  function update() {
    const given = answers();
    const found = findPrograms(programs, given);
    for (const p of programs) p.el.hidden = true;
    for (const { program, reasons } of found) {
      program.el.querySelector('[data-why]')!.textContent = sentence(lang, s.because, reasons, s.words, {
        type: 'conjunction',
        again: s.again,
      });
      program.el.hidden = false;
      list.append(program.el);
    }
    const n = found.length;
    count.textContent = !given.length
      ? s.countNone
      : n === 0
        ? s.countZero
        : plural(lang, n, { one: s.countOne, other: s.countMany });
    part('empty').hidden = !given.length || n > 0;
    list.hidden = n === 0;
    part('actions').hidden = n === 0;
    const labels = inputs
      .filter((i) => i.checked && i.value)
      .map((i) => root.querySelector(`label[for="${i.id}"]`)?.textContent ?? '');
    part('summary').textContent = labels.length ? `${s.yourAnswers} ${labels.join(s.answerSeparator)}` : '';
    copied.textContent = '';
    linkField.hidden = true;
  }

  const shared = answersFromFragment(location.hash);
  if (shared.length) for (const input of inputs) if (shared.includes(input.value as FinderTag)) input.checked = true;
  questions.addEventListener('change', update);
  update();

  part<HTMLFormElement>('form').addEventListener('submit', (event) => {
    event.preventDefault();
    part('results').querySelector<HTMLElement>('h2')!.focus();
  });

  part('copy').addEventListener('click', async () => {
    link.value = `${location.origin}${location.pathname}${answersToFragment(answers())}`;
    let done = false;
    try {
      await navigator.clipboard.writeText(link.value);
      done = true;
    } catch {
      // No clipboard (permission, old browser): the link is shown, selected, to copy by hand.
    }
    copied.textContent = done ? s.copied : s.copyManual;
    linkField.hidden = false;
    if (!done) link.select();
  });
}
