// The form kit's markup (GOV.UK Frontend patterns) as plain HTML: the kit's Astro components
// (src/site/form/) write it, the no-JavaScript correction page writes it on the server, and the
// React versions render the same elements (src/site/form/kit.test.ts compares them). One place for the
// classes, the ids and the aria wiring: `<id>-hint`, `<id>-error`, a field described by both.
import { escapeHtml as e } from '../rules/escape-html.ts';

export interface SummaryItem {
  href: string;
  text: string;
}
export type Option = readonly [value: string, label: string];

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** aria-describedby of a control: its hint, then its error (when shown, or reserved for a script). */
export function describedBy(id: string, hint?: unknown, error?: unknown): string | undefined {
  return [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined;
}

const attr = (name: string, value: string | undefined) => (value === undefined ? '' : ` ${name}="${e(value)}"`);

export interface ErrorSummaryProps {
  /** The summary's id; its title is `<id>-title`. */
  id: string;
  title: string;
  /** A sentence under the title, when the form needs one. */
  intro?: string | undefined;
  items: readonly SummaryItem[];
  level?: 2 | 3;
  /** Hidden while empty, for a page script to fill (data-summary). */
  scripted?: boolean;
}

/** The error summary: a titled alert listing each error as a link to its field. */
export function errorSummaryHtml({ id, title, intro, items, level = 2, scripted }: ErrorSummaryProps): string {
  const list = items.map((i) => `<li><a href="${e(i.href)}">${e(i.text)}</a></li>`).join('');
  const waiting = scripted && !items.length;
  // Waiting for a page script, the title is only data (text browsers print hidden text): the
  // script writes it when there is a problem (each page script).
  const heading = waiting
    ? `<h${level} id="${e(id)}-title" data-title="${e(title)}"></h${level}>`
    : `<h${level} id="${e(id)}-title">${e(title)}</h${level}>`;
  return (
    `<div class="error-summary" id="${e(id)}" role="alert" aria-labelledby="${e(id)}-title" tabindex="-1"${waiting ? ' hidden' : ''}${scripted ? ' data-summary' : ''}>` +
    `${heading}${intro && !waiting ? `<p>${e(intro)}</p>` : ''}<ul>${list}</ul></div>`
  );
}

interface MessagesProps {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Keep an empty, hidden error paragraph for a page script to fill. */
  scripted?: boolean | undefined;
}

/** The hint and error paragraphs under a label or legend. */
function messagesHtml({ id, hint, error, scripted }: MessagesProps): string {
  return (
    (hint ? `<p class="hint" id="${hintId(id)}">${e(hint)}</p>` : '') +
    (error || scripted
      ? `<p class="field-error" id="${errorId(id)}"${error ? '' : ' hidden'}>${e(error ?? '')}</p>`
      : '')
  );
}

export const fieldClass = (error?: string) => `field${error ? ' field-invalid' : ''}`;

export interface FieldProps extends MessagesProps {
  label: string;
  /** The control's HTML (input, select, textarea), described by describedBy(id, hint, error). */
  control: string;
  /** data-field, for a page script that finds the field by its name. */
  name?: string | undefined;
}

/** A labelled field: label, hint, error, control. */
export function fieldHtml({ id, label, control, name, ...messages }: FieldProps): string {
  return `<div class="${fieldClass(messages.error)}"${attr('data-field', name)}><label for="${e(id)}">${e(label)}</label>${messagesHtml({ id, ...messages })}${control}</div>`;
}

export interface ChoiceGroupProps extends MessagesProps {
  legend: string;
  name: string;
  type: 'radio' | 'checkbox';
  options: readonly Option[];
  checked?: readonly string[];
  /** data-* attributes of the group (for a page script), without the prefix. */
  data?: Record<string, string | undefined>;
  /** Starts hidden (a question a page script reveals). */
  hidden?: boolean | undefined;
}

/** The first choice carries the group's id, so an error summary link lands on it. */
export const choiceId = (id: string, value: string, index: number) => (index === 0 ? id : `${id}-${value}`);

/** Radios or checkboxes in a fieldset whose legend is the question. */
export function choiceGroupHtml({
  id,
  legend,
  name,
  type,
  options,
  checked = [],
  data = {},
  hidden,
  ...messages
}: ChoiceGroupProps): string {
  const choices = options
    .map(([value, text], i) => {
      const cid = choiceId(id, value, i);
      return `<div class="choice"><input type="${type}" id="${e(cid)}" name="${e(name)}" value="${e(value)}"${checked.includes(value) ? ' checked' : ''}><label for="${e(cid)}">${e(text)}</label></div>`;
    })
    .join('');
  const dataAttrs = Object.entries(data)
    .map(([k, v]) => attr(`data-${k}`, v))
    .join('');
  return (
    `<div class="${fieldClass(messages.error)}"${dataAttrs}${hidden ? ' hidden' : ''}><fieldset${attr('aria-describedby', describedBy(id, messages.hint, messages.error || messages.scripted))}>` +
    `<legend>${e(legend)}</legend>${messagesHtml({ id, ...messages })}<div class="choices">${choices}</div></fieldset></div>`
  );
}
