// The calculator island on its own (happy-dom, React Testing Library), in both languages: the
// validation messages beside their fields and in the error summary, focus moved to the summary and
// to the result, the result computed and shown, Reset. What only a page shows (hydration, axe, the
// summary's links followed, that nothing is sent or stored) is in tests/e2e/calculator*.spec.ts.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { fill } from '../../../i18n/define.ts';
import { errorSummaryItem } from '../../../i18n/error-summary.ts';
import type { Lang } from '../../../i18n/languages.ts';
import { sampleSettings } from '../rules/settings.ts';
import { calculatorStrings } from '../strings.ts';
import Calculator from './Calculator.tsx';

afterEach(cleanup);

type Field = 'applicant' | 'spouse' | 'family' | 'dependents';
interface Entry {
  applicant?: string;
  spouse?: string;
  /** The family type's option label. */
  family?: string;
  dependents?: string;
}

function setup(lang: Lang) {
  const s = calculatorStrings[lang];
  const user = userEvent.setup();
  render(<Calculator lang={lang} settings={sampleSettings} />);
  const fields: Record<Field, HTMLInputElement | HTMLSelectElement> = {
    applicant: screen.getByLabelText(s.applicant),
    spouse: screen.getByLabelText(s.spouse),
    family: screen.getByLabelText(s.familyType),
    dependents: screen.getByLabelText(s.dependents),
  };
  const labels: Record<Field, string> = {
    applicant: s.applicant,
    spouse: s.spouse,
    family: s.familyType,
    dependents: s.dependents,
  };
  async function enter(entry: Entry) {
    for (const field of ['applicant', 'spouse'] as const) {
      const text = entry[field];
      if (text === undefined) continue;
      await user.clear(fields[field]);
      if (text) await user.type(fields[field], text);
      expect(fields[field].value).toBe(text);
    }
    if (entry.family !== undefined) await user.selectOptions(fields.family, entry.family);
    if (entry.dependents !== undefined) await user.selectOptions(fields.dependents, entry.dependents);
  }
  const calculate = () => user.click(screen.getByRole('button', { name: s.calculate, exact: true }));
  return { s, user, fields, labels, enter, calculate };
}

// French typography puts no-break spaces where the table above has spaces: any space matches.
const words = (text: string) => text.replace(/\s+/g, ' ');
const escape = (text: string) =>
  new RegExp(
    words(text)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/ /g, '\\s'),
  );

// One form per language reaching the page (every message in both languages is the rules':
// src/features/calculator/rules/validation-messages.test.ts).
const shown: Record<Lang, { name: string; entry: Entry; expect: Partial<Record<Field, string>> }> = {
  en: {
    name: 'letters, negative spouse income, Single with 1 dependent',
    entry: { applicant: '12a00', spouse: '-5', family: 'Single', dependents: '1' },
    expect: {
      applicant: 'Applicant Income Amounts must only contain numbers',
      spouse: 'Spouse Income Amounts must not be a negative number',
      dependents: 'For a Single or Couple family type, please select 0 for the Number of Dependents.',
    },
  },
  fr: {
    name: 'nothing entered',
    entry: {},
    expect: {
      applicant: 'Veuillez entrer le revenu annuel de la personne qui fait la demande.',
      family: 'Veuillez choisir une option dans la liste déroulante « Type de famille ».',
      dependents: 'Veuillez choisir une option dans la liste déroulante « Nombre de personnes à charge ».',
    },
  },
};

describe.each(['en', 'fr'] as const)('calculator (%s)', (lang) => {
  const c = shown[lang];
  test(`${c.name}: each message beside its field, as its description, and once in the focused summary`, async () => {
    const { fields, labels, enter, calculate } = setup(lang);
    await enter(c.entry);
    await calculate();

    const summary = screen.getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    within(summary).getByRole('heading', { name: lang === 'en' ? 'There is a problem' : 'Il y a un problème' });
    const expected = Object.entries(c.expect) as Array<[Field, string]>;
    expect(within(summary).getAllByRole('link').map((a) => words(a.textContent ?? ''))).toEqual(
      expected.map(([field, message]) =>
        words(fill(lang, errorSummaryItem[lang].item, { label: labels[field], reason: message })),
      ),
    );
    for (const [field, message] of expected) {
      expect(fields[field].getAttribute('aria-invalid')).toBe('true');
      screen.getByRole(fields[field] instanceof HTMLSelectElement ? 'combobox' : 'textbox', {
        name: labels[field],
        description: escape(message),
      });
      // Said once on the page, beside the field (the summary's line names the field too).
      const beside = screen.getAllByText(message, { exact: true });
      expect(beside).toHaveLength(1);
      expect(beside[0]!.className).toBe('field-error');
      // The summary's link points at the field.
      const link = within(summary).getByRole('link', { name: escape(message) });
      expect(link.getAttribute('href')).toBe(`#${fields[field].id}`);
    }
    for (const field of ['applicant', 'spouse', 'family', 'dependents'] as const) {
      if (!c.expect[field]) expect(fields[field].getAttribute('aria-invalid')).toBe('false');
    }
  });
});
