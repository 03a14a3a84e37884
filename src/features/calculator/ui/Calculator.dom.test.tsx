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
import { containing, words } from '../../../site/testing/dom-text.ts';
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
  const calculate = () => user.click(screen.getByRole('button', { name: s.calculate }));
  return { s, user, fields, labels, enter, calculate };
}

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
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => words(a.textContent ?? '')),
    ).toEqual(
      expected.map(([field, message]) =>
        words(fill(lang, errorSummaryItem[lang].item, { label: labels[field], reason: message })),
      ),
    );
    for (const [field, message] of expected) {
      expect(fields[field].getAttribute('aria-invalid')).toBe('true');
      screen.getByRole(fields[field] instanceof HTMLSelectElement ? 'combobox' : 'textbox', {
        name: labels[field],
        description: containing(message),
      });
      // Said once on the page, beside the field (the summary's line names the field too).
      const beside = screen.getAllByText(message, { exact: true });
      expect(beside).toHaveLength(1);
      expect(beside[0]!.className).toBe('field-error');
      // The summary's link points at the field.
      const link = within(summary).getByRole('link', { name: containing(message) });
      expect(link.getAttribute('href')).toBe(`#${fields[field].id}`);
    }
    for (const field of ['applicant', 'spouse', 'family', 'dependents'] as const) {
      if (!c.expect[field]) expect(fields[field].getAttribute('aria-invalid')).toBe('false');
    }
  });
});

describe.each(['en', 'fr'] as const)('calculator results (%s)', (lang) => {
  test('a very low income says the department pays it all, a very high one that no help applies; focus on the result', async () => {
    const { s, enter, calculate } = setup(lang);
    await enter({ applicant: '0', family: s.single, dependents: '0' });
    await calculate();
    const title = screen.getByRole('heading', { name: s.resultTitle });
    await waitFor(() => expect(document.activeElement).toBe(title));
    screen.getByText(words(s.full));
    expect(within(screen.getByRole('table')).queryAllByRole('cell', { name: /^-|−/ })).toHaveLength(0);
    await enter({ applicant: '900000' });
    await calculate();
    screen.getByText(words(s.none));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);
  });

  test('a full calculation, the summary statement in the language, "6 or more" in words, and Reset', async () => {
    const { s, user, fields, enter, calculate } = setup(lang);
    await enter({ applicant: '31234', family: s.couple, dependents: '0' });
    // The last choice reads as words: "6 or more", « 6 ou plus », never "6+".
    expect(fields.dependents.querySelector('option:last-child')?.textContent).toBe(s.sixOrMore);
    await calculate();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('link', { name: s.summary }).getAttribute('href')).toMatch(
      lang === 'en' ? /language=en_US/ : /language=fr_CA/,
    );
    await user.click(screen.getByRole('button', { name: s.reset }));
    expect(fields.applicant.value).toBe('');
    expect(fields.family.value).toBe('');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

test('every message of a second try replaces the first, and a spouse income for a single person is refused', async () => {
  const { enter, calculate } = setup('en');
  await calculate();
  const summary = screen.getByRole('alert');
  await waitFor(() => expect(document.activeElement).toBe(summary));
  for (const message of [
    'Please enter the Annual Income Amount for the Applicant.',
    'Please make a selection from the Family Type dropdown list.',
    'Please make a selection from the Number of Dependents dropdown list.',
  ]) {
    screen.getByText(message, { exact: true });
  }
  expect(
    within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual([
    'Applicant annual net income: Please enter the Annual Income Amount for the Applicant.',
    'Family type: Please make a selection from the Family Type dropdown list.',
    'Number of dependents: Please make a selection from the Number of Dependents dropdown list.',
  ]);
  await enter({ applicant: '-100', spouse: 'abc', family: 'Single', dependents: '2' });
  await calculate();
  for (const message of [
    'Applicant Income Amounts must not be a negative number',
    'Spouse Income Amounts must only contain numbers',
    'For a Single or Couple family type, please select 0 for the Number of Dependents.',
  ]) {
    screen.getByText(message, { exact: true });
  }
  await enter({ applicant: '20000', spouse: '5000', dependents: '0' });
  await calculate();
  screen.getByText('Sorry you have input a spouse income when you have indicated that you are single.', {
    exact: true,
  });
  expect(screen.queryByText('Applicant Income Amounts must not be a negative number')).toBeNull();
});
