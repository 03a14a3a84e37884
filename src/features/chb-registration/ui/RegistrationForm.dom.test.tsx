// The registration island on its own (happy-dom, React Testing Library), in both languages: the
// first step's required answers and the province rule beside their fields and in the linked error
// summary, focus moved to the summary and to each arriving step's heading, household members added
// and removed with what the status region says. What needs a page (keyboard only, axe, uploads and
// sending to the real intake service, leaving the page, storage) is in
// tests/e2e/chb-registration.spec.ts.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fill } from '../../../i18n/define.ts';
import { errorSummaryItem, errorSummaryTitle } from '../../../i18n/error-summary.ts';
import type { Lang } from '../../../i18n/languages.ts';
import { words } from '../../../site/testing/dom-text.ts';
import { registrationStrings } from '../strings.ts';
import RegistrationForm from './RegistrationForm.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const spec = {
  en: { required: 'This field is required.', nb: 'Must be NB.', adultAge: 'must be 19 or older' },
  fr: {
    required: 'Ce champ est obligatoire.',
    nb: 'La province doit être le Nouveau-Brunswick.',
    adultAge: 'doit avoir 19 ans ou plus',
  },
} as const;
const labels = {
  en: { female: 'Female', french: 'French', emailMethod: 'Email', nb: 'New Brunswick', nova: 'Nova Scotia' },
  fr: {
    female: 'Femme',
    french: 'Français',
    emailMethod: 'Courriel',
    nb: 'Nouveau-Brunswick',
    nova: 'Nouvelle-Écosse',
  },
} as const;
const more = {
  en: { male: 'Male', spouse: 'Spouse/Partner' },
  fr: { male: 'Homme', spouse: 'Conjoint ou conjointe' },
} as const;

function setup(lang: Lang) {
  // Fake clocks that still run, so that the status line's few seconds can be skipped.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<RegistrationForm lang={lang} intake="" />);
  const s = registrationStrings[lang];
  const l = labels[lang];
  const label = (text: string, inside: HTMLElement = document.body) =>
    Array.from(inside.querySelectorAll('label')).find((el) => words(el.textContent ?? '').trim() === words(text))
      ?.control as HTMLInputElement & HTMLSelectElement;
  const field = (text: string, inside?: HTMLElement) => {
    const control = label(text, inside);
    if (!control) throw new Error(`no field labelled ${text}`);
    return control;
  };
  // Pasted rather than typed key by key: the same change events, a fraction of the renders.
  const type = async (control: HTMLElement, text: string) => {
    await user.clear(control);
    await user.paste(text);
  };
  const radio = (group: string, option: string, inside: HTMLElement = document.body) =>
    user.click(within(within(inside).getByRole('group', { name: group })).getByRole('radio', { name: option }));
  const continueStep = () => user.click(screen.getByRole('button', { name: s.continue }));
  async function fillApplicant() {
    await type(field(s.firstName), 'Marie');
    await type(field(s.lastName), 'Leblanc');
    await type(field(s.email), 'marie@example.ca');
    await type(field(s.phone), '506 555 0123');
    await type(field(s.dateOfBirth), '1988-04-17');
    await radio(s.gender, l.female);
    await choose(s.writtenLanguage, l.french);
    await choose(s.spokenLanguage, l.french);
    await choose(s.communication, l.emailMethod);
    await type(field(s.sin), '046 454 286');
    const home = screen.getByRole('group', { name: s.homeAddress });
    await type(field(s.streetName, home), 'Main Street');
    await type(field(s.city, home), 'Moncton');
    await user.selectOptions(field(s.province, home), l.nb);
    await type(field(s.postalCode, home), 'e1c4b6');
  }
  /** A radio or a checkbox, whichever the question is. */
  async function choose(group: string, option: string) {
    const inside = within(screen.getByRole('group', { name: group }));
    const control = inside.queryByRole('radio', { name: option }) ?? inside.getByRole('checkbox', { name: option });
    await user.click(control);
  }
  const focused = (element: Element) => waitFor(() => expect(document.activeElement).toBe(element));
  return { s, user, field, type, radio, continueStep, fillApplicant, focused };
}

describe.each(['en', 'fr'] as const)('registration (%s)', (lang) => {
  const m = spec[lang];

  test('required fields: errors beside each field and in a linked error summary', async () => {
    const { s, user, field, continueStep, focused } = setup(lang);
    await continueStep();
    const summary = screen.getByRole('alert');
    await focused(summary);
    within(summary).getByText(words(errorSummaryTitle[lang].title));
    // Each message once, beside its field; the summary links name the fields.
    expect(screen.getAllByText(m.required, { exact: true })).toHaveLength(14);
    expect(within(summary).getAllByRole('link')).toHaveLength(14);
    within(summary).getByRole('link', { name: new RegExp(s.sin) });
    // Each line names the question and what is wrong with it; it takes focus to the field.
    await user.click(
      within(summary).getByRole('link', {
        name: fill(lang, errorSummaryItem[lang].item, { label: s.firstName, reason: m.required }),
      }),
    );
    expect(document.activeElement).toBe(field(s.firstName));
    screen.getByRole('textbox', { name: new RegExp(`^${s.firstName}`), description: m.required });
  });

  test('province must be NB, the mailing address only when different', async () => {
    const { s, user, field, continueStep, fillApplicant, focused } = setup(lang);
    await fillApplicant();
    const home = screen.getByRole('group', { name: s.homeAddress });
    await user.selectOptions(field(s.province, home), labels[lang].nova);
    expect(screen.queryByRole('group', { name: s.mailingAddress })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: s.mailingDifferent }));
    await continueStep();
    const summary = screen.getByRole('alert');
    await focused(summary);
    expect(within(home).getAllByText(m.nb, { exact: true })).toHaveLength(1);
    expect(within(summary).getAllByRole('link', { name: new RegExp(s.province) })).toHaveLength(2);
    expect(
      within(screen.getByRole('group', { name: s.mailingAddress })).getAllByText(m.required, { exact: true }),
    ).toHaveLength(4);
    await user.selectOptions(field(s.province, home), labels[lang].nb);
    await user.click(screen.getByRole('checkbox', { name: s.mailingDifferent }));
    await continueStep();
    await focused(screen.getByRole('heading', { name: s.steps.members19Plus }));
  });

  test('household members are added and removed, and the removal is said once in the status region', async () => {
    const { s, user, field, type, radio, continueStep, fillApplicant, focused } = setup(lang);
    await fillApplicant();
    await continueStep();
    await focused(screen.getByRole('heading', { name: s.steps.members19Plus }));
    await user.click(screen.getByRole('button', { name: s.addAdult }));
    await focused(field(s.firstName));
    await continueStep();
    await focused(screen.getByRole('alert'));
    expect(within(screen.getByRole('alert')).getAllByRole('link')).toHaveLength(5);
    expect(screen.getAllByText(m.required, { exact: true })).toHaveLength(5);
    const member = screen.getByRole('group', { name: fill(lang, s.memberAdult, { n: 1 }) });
    await type(field(s.firstName, member), 'Paul');
    await type(field(s.lastName, member), 'Leblanc');
    await radio(s.gender, more[lang].male, member);
    await type(field(s.dateOfBirth, member), '2012-01-01');
    await user.selectOptions(field(s.relationship, member), more[lang].spouse);
    await continueStep();
    await focused(screen.getByRole('alert'));
    expect(screen.getAllByText(new RegExp(m.adultAge)).length).toBeGreaterThan(0);
    await type(field(s.dateOfBirth, member), '1986-02-01');
    await user.click(screen.getByRole('button', { name: s.addAdult }));
    screen.getByRole('group', { name: fill(lang, s.memberAdult, { n: 2 }) });
    // Before a name is typed, the button names the member by number.
    await user.click(screen.getByRole('button', { name: fill(lang, s.removeMemberNumber, { n: 2 }) }));
    expect(screen.queryByRole('group', { name: fill(lang, s.memberAdult, { n: 2 }) })).toBeNull();
    await focused(screen.getByRole('button', { name: s.addAdult }));
    // The removal is said (not the button's own words), again for a second removal with the same
    // words, and leaves the status region afterwards so that it is not read with the form.
    const status = document.querySelector('[role="status"].visually-hidden')!;
    const removed = fill(lang, s.memberRemoved, { name: fill(lang, s.memberAdult, { n: 2 }) });
    await waitFor(() => expect(status.textContent).toBe(removed));
    await user.click(screen.getByRole('button', { name: s.addAdult }));
    await user.click(screen.getByRole('button', { name: fill(lang, s.removeMemberNumber, { n: 2 }) }));
    await waitFor(() => expect(status.textContent).toBe(removed));
    vi.advanceTimersByTime(5000);
    await waitFor(() => expect(status.textContent).toBe(''));
    await continueStep();
    await focused(screen.getByRole('heading', { name: s.steps.members18Under }));
  });
});
