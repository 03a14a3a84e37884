// The result's summary sentence says what the table says: the contribution where a level costs
// more, the level's own cost where it costs less (issue 46: « 1 208 $ » above a row of « 816 $ »).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../i18n/define.ts';
import { formatMoney } from '../../../i18n/typography/numbers.ts';
import { calculatorStrings } from '../strings.ts';
import { calculate, summaryOf } from './calculate.ts';
import { sampleSettings } from './settings.ts';

const input = (applicantIncome: number) =>
  ({ applicantIncome, spouseIncome: 0, familyType: 'single', dependents: 0 }) as Parameters<typeof calculate>[0];

function sentence(lang: 'en' | 'fr', income: number) {
  const result = calculate(input(income), sampleSettings);
  const summary = summaryOf(result);
  const money = (n: number) => formatMoney(lang, n, { cents: false });
  const text = fill(lang, calculatorStrings[lang][summary.key], {
    amount: money(summary.amount),
    cost: money(summary.cost),
  });
  return { result, text, money };
}

describe('calculator summary sentence', () => {
  it('a contribution of 1 208 $ above little help’s 816 $: the sentence says 816 $ is paid in full, like the table', () => {
    for (const lang of ['en', 'fr'] as const) {
      const { result, text, money } = sentence(lang, 44_992);
      expect(result.monthlyContribution).toBe(1208);
      const little = result.rows[0]!;
      expect(little).toMatchObject({ monthlyCost: 816, youPay: 816, departmentPays: 0 });
      expect(text).toContain(money(816));
      expect(text).toContain(money(1208));
      expect(text).toMatch(lang === 'en' ? /you would pay its full cost/ : /vous en paieriez donc le coût total/);
    }
  });

  it('for every income, each amount the sentence gives as paid is one the table shows as paid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (income) => {
        const { result, text } = sentence('en', income);
        const paid = new Set(result.rows.map((r) => r.youPay));
        const { key, amount, cost } = summaryOf(result);
        if (key === 'partial') expect(result.rows.every((r) => r.youPay === amount)).toBe(true);
        if (key === 'partialFirst' || key === 'partialFirstTwo') {
          expect(paid.has(cost)).toBe(true);
          const last = result.rows.at(-1)!;
          expect(last.youPay).toBe(amount);
          expect(last.departmentPays).toBeGreaterThan(0);
        }
        expect(text).not.toContain('{');
      }),
    );
  });
});
