// "Might I qualify?" (ScreeningCheck.astro's markup, screening.ts over it, happy-dom), in both
// languages: the conditional questions, the errors beside each question and in the linked summary,
// each reason that rules the benefit out and the result that takes focus. What only a page shows
// (keyboard use, axe on each state, the link to the page's other-support section, the no-JavaScript
// page) is in tests/e2e/screening.spec.ts.
import { getByRole, queryByRole, screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { Lang } from '../../../i18n/languages.ts';
import { errorSummaryTitle } from '../../../i18n/error-summary.ts';
import { shown, words } from '../../../site/testing/dom-text.ts';
import { mountWithScript } from '../../../site/testing/page-script.ts';
import { screeningMessages } from '../messages.ts';
import { screeningStrings } from '../strings.ts';
import ScreeningCheck from './ScreeningCheck.astro';

const portal = { en: 'https://portal.socialsupports.gnb.ca/en/', fr: 'https://portal.socialsupports.gnb.ca/fr/' };

async function setup(lang: Lang) {
  await mountWithScript(ScreeningCheck, { lang, portalUrl: portal[lang] }, () => import('./screening.ts'));
  const s = screeningStrings[lang];
  const user = userEvent.setup();
  const group = (legend: string) => screen.getByRole('group', { name: legend });
  const choose = (legend: string, option: string) => user.click(getByRole(group(legend), 'radio', { name: option }));
  async function typeIncome(value: string) {
    const input = screen.getByLabelText(words(s.income));
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  const submit = () => user.click(screen.getByRole('button', { name: s.submit }));
  /** Every question answered so that the visitor may qualify (a family). */
  async function answerQualifying() {
    await choose(s.household, s.householdFamily);
    await choose(s.renting, s.yes);
    await choose(s.selfContained, s.yes);
    await choose(s.otherSubsidy, s.no);
    await choose(s.livesInNb, s.yes);
    await choose(s.employed, s.yes);
    await typeIncome('32,000');
    await choose(s.taxesFiled, s.yes);
  }
  const summary = () => screen.getByRole('alert');
  const summaryLinks = () =>
    within(summary())
      .getAllByRole('link')
      .map((a) => a.textContent);
  return { s, user, group, choose, typeIncome, submit, answerQualifying, summary, summaryLinks };
}

describe.each(['en', 'fr'] as const)('screening check (%s)', (lang) => {
  const v = screeningMessages[lang];

  test('the script puts the questions in place of the no-JavaScript notice', async () => {
    const { s } = await setup(lang);
    expect(shown(screen.getByText(words(s.nojs)))).toBe(false);
    screen.getByRole('group', { name: s.household });
  });

  test('may qualify: the result heading gets focus, with the portal and registration links; age asked only of one living alone', async () => {
    const { s, choose, submit, answerQualifying } = await setup(lang);
    await answerQualifying();
    await submit();
    const heading = screen.getByRole('heading', { name: s.mayQualify });
    expect(document.activeElement).toBe(heading);
    expect(shown(screen.getByText(words(s.mayQualifyText)))).toBe(true);
    expect(screen.getByRole('link', { name: s.resultPortal }).getAttribute('href')).toBe(portal[lang]);
    expect(screen.getByRole('link', { name: s.resultRegistration }).getAttribute('href')).toBe(
      `/${lang}/chb-registration`,
    );
    expect(shown(screen.getByText(words(s.ruledOutText)))).toBe(false);

    // An individual under 65 living alone may qualify too; the age question appears only then.
    expect(queryByRole(document.body, 'group', { name: s.under65 })).toBeNull();
    await choose(s.household, s.householdAlone);
    await choose(s.under65, s.yes);
    await submit();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: s.mayQualify }));
  });

  const s = screeningStrings[lang];
  type Setup = Awaited<ReturnType<typeof setup>>;
  const cases: Array<[string, (t: Setup) => Promise<void>, string]> = [
    ['household', (t) => t.choose(s.household, s.householdOther), s.reasonHousehold],
    [
      'age',
      async (t) => {
        await t.choose(s.household, s.householdAlone);
        await t.choose(s.under65, s.no);
      },
      s.reasonAge,
    ],
    ['renting', (t) => t.choose(s.renting, s.no), s.reasonNotRenting],
    ['self-contained', (t) => t.choose(s.selfContained, s.no), s.reasonNotSelfContained],
    ['other subsidy', (t) => t.choose(s.otherSubsidy, s.yes), s.reasonOtherSubsidy],
    ['New Brunswick', (t) => t.choose(s.livesInNb, s.no), s.reasonOutsideNb],
    ['employed', (t) => t.choose(s.employed, s.no), s.reasonNotEmployed],
    ['income too low', (t) => t.typeIncome('12499'), s.reasonIncomeTooLow],
    ['income too high', (t) => t.typeIncome('50001'), s.reasonIncomeTooHigh],
    ['taxes', (t) => t.choose(s.taxesFiled, s.no), s.reasonTaxesNotFiled],
  ];
  test.each(cases)(
    'ruled out by %s: the reason named, focus on the result, the other-support link',
    async (_, change, reason) => {
      const t = await setup(lang);
      await t.answerQualifying();
      await change(t);
      await t.submit();
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: s.ruledOut }));
      expect([...document.querySelectorAll('[data-reasons] li')].map((li) => li.textContent)).toEqual([reason]);
      expect(screen.getByRole('link', { name: s.seeOtherSupport }).getAttribute('href')).toBe('#other-support-h');
    },
  );

  test('unanswered questions: errors beside each question and in a linked summary; conditional ones once they apply', async () => {
    const { choose, typeIncome, submit, answerQualifying, summary, summaryLinks, group } = await setup(lang);
    await submit();
    expect(document.activeElement).toBe(summary());
    within(summary()).getByText(errorSummaryTitle[lang].title);
    expect(summaryLinks()).toEqual([
      v.errHousehold,
      v.errRenting,
      v.errSelfContained,
      v.errOtherSubsidy,
      v.errLivesInNb,
      v.errEmployed,
      v.errTaxesFiled,
    ]);
    within(group(s.renting)).getByText(words(v.errRenting));
    expect(screen.queryByRole('heading', { name: s.mayQualify })).toBeNull();

    // A summary link takes the keyboard to its question.
    await userEvent.click(within(summary()).getByRole('link', { name: v.errLivesInNb }));
    expect(document.activeElement).toBe(getByRole(group(s.livesInNb), 'radio', { name: s.yes }));

    // Conditional questions are required only once they apply; a bad income is named.
    await answerQualifying();
    await choose(s.household, s.householdAlone);
    await typeIncome(lang === 'en' ? 'about 30k' : 'environ 30 k');
    await submit();
    expect(summaryLinks()).toEqual([v.errUnder65, v.errIncomeInvalid]);
    expect(screen.getByLabelText(words(s.income)).getAttribute('aria-invalid')).toBe('true');
    await typeIncome('');
    await submit();
    expect(summaryLinks()).toEqual([v.errUnder65, v.errIncome]);
    await choose(s.under65, s.yes);
    await typeIncome(lang === 'en' ? '$20,000' : '20 000 $');
    await submit();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: s.mayQualify }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shown(screen.queryByText(words(v.errUnder65)))).toBe(false);
  });
});
