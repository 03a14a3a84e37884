// The form kit: the HTML the Astro components and the server write, and the React versions the
// islands render, are the same markup (same classes, ids, aria wiring), compared as parsed HTML.
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { ChoiceGroup } from './choice-group/ChoiceGroup.tsx';
import { ErrorSummary } from './error-summary/ErrorSummary.tsx';
import { Field } from './field/Field.tsx';
import { errorSummaryTitle } from '../../i18n/error-summary.ts';
import { choiceGroupHtml, describedBy, errorSummaryHtml, fieldHtml } from './form-html.ts';

// Parsed and written back with attributes in name order: the order of attributes means nothing.
function canonical(html: string): string {
  const doc = parseDocument(html);
  const sort = (node: unknown) => {
    const el = node as { attribs?: Record<string, string>; children?: unknown[] };
    if (el.attribs) el.attribs = Object.fromEntries(Object.entries(el.attribs).sort(([a], [b]) => a.localeCompare(b)));
    el.children?.forEach(sort);
  };
  sort(doc);
  return DomUtils.getOuterHTML(doc, { encodeEntities: 'utf8' });
}
const react = (element: ReactElement) => canonical(renderToStaticMarkup(element));

describe('describedBy', () => {
  it('names the hint, then the error, and nothing when there is neither', () => {
    expect(describedBy('f', 'a hint', 'an error')).toBe('f-hint f-error');
    expect(describedBy('f', undefined, 'an error')).toBe('f-error');
    expect(describedBy('f', 'a hint')).toBe('f-hint');
    expect(describedBy('f')).toBeUndefined();
  });
});

describe('error summary', () => {
  const items = [
    { href: '#a', text: 'Email <optional>' },
    { href: '#b', text: 'Type' },
  ];
  it('is the same in React and in HTML, in both languages, title defined once', () => {
    for (const lang of ['en', 'fr'] as const) {
      const html = errorSummaryHtml({
        id: 's',
        title: errorSummaryTitle[lang].title,
        items,
        level: 3,
        intro: 'Fix these.',
      });
      expect(react(h(ErrorSummary, { lang, id: 's', items, level: 3, intro: 'Fix these.' }))).toBe(canonical(html));
    }
    expect(errorSummaryTitle.fr.title).toBe('Il y a un problème');
  });
  it('escapes its links and, for a page script, starts hidden and empty', () => {
    expect(errorSummaryHtml({ id: 's', title: 'T', items })).toContain('Email &lt;optional&gt;');
    const scripted = errorSummaryHtml({ id: 's', title: 'T', items: [], scripted: true });
    expect(scripted).toContain(' hidden data-summary');
    expect(errorSummaryHtml({ id: 's', title: 'T', items, scripted: true })).not.toContain(' hidden');
  });
});

describe('field', () => {
  it('is the same in React and in HTML: label, hint, error, control described by both', () => {
    const control = (props: Record<string, unknown>) =>
      h('input', { id: 'f', name: 'f', 'aria-describedby': describedBy('f', 'H', 'E'), ...props });
    const html = fieldHtml({
      id: 'f',
      label: 'Label',
      hint: 'H',
      error: 'E',
      control: renderToStaticMarkup(control({})),
    });
    expect(react(h(Field, { id: 'f', label: 'Label', hint: 'H', error: 'E', children: control({}) }))).toBe(
      canonical(html),
    );
    expect(html).toContain('class="field field-invalid"');
  });
  it('keeps a hidden, empty error paragraph for a page script, and no invalid style', () => {
    const html = fieldHtml({ id: 'f', label: 'L', scripted: true, name: 'f', control: '<input id="f">' });
    expect(html).toContain('<p class="field-error" id="f-error" hidden></p>');
    expect(html).toContain('<div class="field" data-field="f">');
  });
});

describe('choice group', () => {
  const options = [
    ['yes', 'Yes'],
    ['no', 'No'],
  ] as const;
  for (const type of ['radio', 'checkbox'] as const) {
    it(`is the same in React and in HTML (${type}); the first choice carries the group's id`, () => {
      const html = choiceGroupHtml({
        id: 'q',
        name: 'q',
        legend: 'Do you rent?',
        type,
        options,
        checked: ['no'],
        hint: 'H',
        error: 'E',
      });
      const element = h(ChoiceGroup, {
        id: 'q',
        name: 'q',
        legend: 'Do you rent?',
        type,
        options,
        checked: ['no'],
        hint: 'H',
        error: 'E',
        onToggle: () => undefined,
      });
      expect(react(element)).toBe(canonical(html));
      expect(html).toContain('id="q" name="q" value="yes"');
      expect(html).toContain('id="q-no" name="q" value="no" checked');
      expect(html).toContain('<fieldset aria-describedby="q-hint q-error">');
    });
  }
});
