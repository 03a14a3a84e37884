// From net family income, family type and dependents to the support-level table: for each level
// of help, the monthly cost of home support, what the person pays and what the department pays.
import type { CalculatorSettings } from './settings.ts';
import type { ValidInput } from './validate.ts';

const levels = ['little', 'moderate', 'high'] as const;
type Level = (typeof levels)[number];
interface LevelResult {
  level: Level;
  hoursPerWeek: number;
  monthlyCost: number;
  youPay: number;
  departmentPays: number;
}
export interface CalculationResult {
  rows: LevelResult[];
  monthlyContribution: number;
  outcome: 'full' | 'partial' | 'none';
}

const WEEKS_PER_MONTH = 52 / 12;

export function calculate(input: ValidInput, settings: CalculatorSettings): CalculationResult {
  const income = input.applicantIncome + input.spouseIncome;
  const extraDependents = Math.max(0, input.dependents - 1);
  const allowance =
    settings.protectedAllowance[input.familyType] +
    (input.familyType.endsWith('_many') ? extraDependents * settings.allowancePerExtraDependent : 0);
  // Whole dollars, as a person reads them; the contribution never goes below zero.
  const monthlyContribution = Math.round((Math.max(0, income - allowance) * settings.contributionRate) / 12);
  const rows = levels.map((level) => {
    const hoursPerWeek = settings.hoursPerWeek[level];
    const monthlyCost = Math.round(hoursPerWeek * WEEKS_PER_MONTH * settings.hourlyRate);
    const youPay = Math.min(monthlyCost, monthlyContribution);
    return { level, hoursPerWeek, monthlyCost, youPay, departmentPays: monthlyCost - youPay };
  });
  const outcome = rows.every((r) => r.youPay === 0)
    ? 'full'
    : rows.every((r) => r.departmentPays === 0)
      ? 'none'
      : 'partial';
  return { rows, monthlyContribution, outcome };
}

/**
 * The summary sentence that agrees with the table: the contribution is what a person pays at a
 * level that costs more; a level that costs less is paid in full by the person (its cost, not the
 * contribution). Levels cost more as they go, so those paid in full are the first ones.
 */
type SummaryKey = 'full' | 'none' | 'partial' | 'partialFirst' | 'partialFirstTwo';
export function summaryOf(result: CalculationResult): { key: SummaryKey; amount: number; cost: number } {
  const paidInFull = result.rows.filter((r) => r.youPay > 0 && r.departmentPays === 0);
  const key: SummaryKey =
    result.outcome !== 'partial'
      ? result.outcome
      : paidInFull.length === 0
        ? 'partial'
        : paidInFull.length === 1
          ? 'partialFirst'
          : 'partialFirstTwo';
  return { key, amount: result.monthlyContribution, cost: paidInFull[0]?.monthlyCost ?? 0 };
}
