import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import { calculatorMessages } from './messages.ts';
import { familyTypes, sampleSettings } from './settings.ts';
import { validateCalculator } from './validate.ts';

const valid = { applicantIncome: '30000', spouseIncome: '', familyType: 'single', dependents: '0' };
const errorOf = (patch: Partial<typeof valid>) => {
  const r = validateCalculator({ ...valid, ...patch });
  return r.ok ? {} : r.errors;
};

describe('calculator validation (spec section 5)', () => {
  it.each([
    [{ familyType: '' }, 'familyType', 'Please make a selection from the Family Type dropdown list.'],
    [{ dependents: '' }, 'dependents', 'Please make a selection from the Number of Dependents dropdown list.'],
    [{ applicantIncome: '' }, 'applicantIncome', 'Please enter the Annual Income Amount for the Applicant.'],
    [{ applicantIncome: '12a' }, 'applicantIncome', 'Applicant Income Amounts must only contain numbers'],
    [{ applicantIncome: '100.50' }, 'applicantIncome', 'Applicant Income Amounts must only contain numbers'],
    [{ applicantIncome: '-5' }, 'applicantIncome', 'Applicant Income Amounts must not be a negative number'],
    [
      { applicantIncome: '99999999999' },
      'applicantIncome',
      'The number you have input is not valid for Applicant income.',
    ],
    [{ spouseIncome: 'abc', familyType: 'couple' }, 'spouseIncome', 'Spouse Income Amounts must only contain numbers'],
    [
      { spouseIncome: '-1', familyType: 'couple' },
      'spouseIncome',
      'Spouse Income Amounts must not be a negative number',
    ],
    [
      { spouseIncome: '99999999999', familyType: 'couple' },
      'spouseIncome',
      'The number you have input is not valid for Spouse income.',
    ],
    [
      { spouseIncome: '1000' },
      'spouseIncome',
      'Sorry you have input a spouse income when you have indicated that you are single.',
    ],
    [
      { familyType: 'couple', dependents: '2' },
      'dependents',
      'For a Single or Couple family type, please select 0 for the Number of Dependents.',
    ],
    [
      { familyType: 'single_one', dependents: '0' },
      'dependents',
      'For a family type with one Dependent at Home, please select 1 for the Number of Dependents.',
    ],
    [
      { familyType: 'couple_many', dependents: '1' },
      'dependents',
      'For a family type with more than one Dependent at Home, please select more than 1 for the Number of Dependents.',
    ],
  ])('%o -> %s', (patch, field, message) => {
    const errors = errorOf(patch) as Record<string, keyof (typeof calculatorMessages)['en']>;
    expect(calculatorMessages.en[errors[field]!]).toBe(message);
    expect(calculatorMessages.fr[errors[field]!]).toBeTruthy();
    expect(calculatorMessages.fr[errors[field]!]).not.toBe(message);
  });

  it('accepts thousands separators and an empty spouse income', () => {
    expect(validateCalculator({ ...valid, applicantIncome: '25,000' })).toEqual({
      ok: true,
      value: { applicantIncome: 25000, spouseIncome: 0, familyType: 'single', dependents: 0 },
    });
  });

  it('has every message in both languages', () => {
    expect(Object.keys(calculatorMessages.fr).sort()).toEqual(Object.keys(calculatorMessages.en).sort());
  });
});

describe('calculation', () => {
  const run = (income: number, familyType: (typeof familyTypes)[number] = 'single', dependents = 0, spouse = 0) =>
    calculate({ applicantIncome: income, spouseIncome: spouse, familyType, dependents }, sampleSettings);

  it('pays everything at or below the protected allowance, and starts contributing just over it', () => {
    for (const type of familyTypes) {
      const dependents = type.endsWith('_one') ? 1 : type.endsWith('_many') ? 2 : 0;
      const allowance =
        sampleSettings.protectedAllowance[type] +
        (type.endsWith('_many') ? sampleSettings.allowancePerExtraDependent : 0);
      expect(run(0, type, dependents).outcome).toBe('full');
      expect(run(allowance, type, dependents).outcome).toBe('full');
      expect(run(allowance + 100, type, dependents).rows[0]!.youPay).toBeGreaterThan(0);
    }
  });

  it('gives no help at very large incomes', () => {
    expect(run(5_000_000).outcome).toBe('none');
  });

  it('payment + help = cost, nothing negative, more income never means more help', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.constantFrom(...familyTypes),
        (income, extra, type) => {
          const dependents = type.endsWith('_one') ? 1 : type.endsWith('_many') ? 3 : 0;
          const a = run(income, type, dependents);
          const b = run(income + extra, type, dependents);
          a.rows.forEach((row, i) => {
            expect(row.youPay + row.departmentPays).toBe(row.monthlyCost);
            expect(row.youPay).toBeGreaterThanOrEqual(0);
            expect(row.departmentPays).toBeGreaterThanOrEqual(0);
            expect(b.rows[i]!.departmentPays).toBeLessThanOrEqual(row.departmentPays);
          });
        },
      ),
    );
  });
});
