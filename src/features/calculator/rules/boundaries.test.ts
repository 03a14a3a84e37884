// Boundary incomes for every family type (0, the protected allowance, one dollar over, very
// large) and the settings really driving the result (they come from the CMS at build time).
import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import { familyTypes, sampleSettings, type CalculatorSettings, type FamilyType } from './settings.ts';

const dependentsFor = (type: FamilyType) => (type.endsWith('_one') ? 1 : type.endsWith('_many') ? 2 : 0);
const allowanceFor = (type: FamilyType, s: CalculatorSettings = sampleSettings) =>
  s.protectedAllowance[type] + (type.endsWith('_many') ? s.allowancePerExtraDependent * (dependentsFor(type) - 1) : 0);
const run = (income: number, type: FamilyType, settings: CalculatorSettings = sampleSettings) =>
  calculate({ applicantIncome: income, spouseIncome: 0, familyType: type, dependents: dependentsFor(type) }, settings);

describe.each(familyTypes)('%s', (type) => {
  const allowance = allowanceFor(type);
  it('0 and the protected allowance: the department pays it all', () => {
    for (const income of [0, allowance]) {
      const r = run(income, type);
      expect(r.outcome).toBe('full');
      expect(r.monthlyContribution).toBe(0);
      for (const row of r.rows) expect(row.departmentPays).toBe(row.monthlyCost);
    }
  });
  it('one dollar over: a few cents a month, rounded to $0 as a person reads it; $12 over is the first dollar', () => {
    expect(run(allowance + 1, type).monthlyContribution).toBe(0);
    expect(run(allowance + 11, type).monthlyContribution).toBe(0);
    expect(run(allowance + 12, type).monthlyContribution).toBe(1);
    expect(run(allowance + 12, type).outcome).toBe('partial');
  });
  it('very large incomes: no help at any level, nothing negative', () => {
    for (const income of [1_000_000, 10_000_000]) {
      const r = run(income, type);
      expect(r.outcome).toBe('none');
      for (const row of r.rows) {
        expect(row.youPay).toBe(row.monthlyCost);
        expect(row.departmentPays).toBe(0);
      }
    }
  });
});

describe('settings drive the result', () => {
  it('the hourly rate, hours and contribution rate change the table', () => {
    const base = run(40_000, 'couple');
    const dearer = run(40_000, 'couple', { ...sampleSettings, hourlyRate: sampleSettings.hourlyRate * 2 });
    expect(dearer.rows.map((r) => r.monthlyCost)).toEqual(
      base.rows.map((r) => Math.round(r.hoursPerWeek * (52 / 12) * sampleSettings.hourlyRate * 2)),
    );
    const moreHours = run(40_000, 'couple', { ...sampleSettings, hoursPerWeek: { little: 5, moderate: 15, high: 40 } });
    expect(moreHours.rows.map((r) => r.hoursPerWeek)).toEqual([5, 15, 40]);
    const noShare = run(40_000, 'couple', { ...sampleSettings, contributionRate: 0 });
    expect(noShare.outcome).toBe('full');
  });
});
