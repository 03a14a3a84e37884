// Validation of the calculator form, in the order and wording of the specification.
import type { CalculatorMessageKey } from './messages.ts';
import { familyTypes, type FamilyType } from './family-types.ts';

export interface CalculatorInput {
  applicantIncome: string;
  spouseIncome: string;
  familyType: string;
  dependents: string;
}
export type CalculatorField = keyof CalculatorInput;
export interface ValidInput {
  applicantIncome: number;
  spouseIncome: number;
  familyType: FamilyType;
  dependents: number;
}

/** Anything above this is a typing slip, not an income ("not valid"). */
const MAX_INCOME = 10_000_000;

type IncomeResult = { value: number } | { error: 'required' | 'notNumber' | 'negative' | 'invalid' };

/** Whole dollars; spaces and thousands commas are allowed ("25,000"), nothing else. */
function parseIncome(raw: string): IncomeResult {
  const text = raw.trim().replace(/[\s,]/g, '');
  if (text === '') return { error: 'required' };
  if (/^-\d+$/.test(text)) return { error: 'negative' };
  if (!/^\d+$/.test(text)) return { error: 'notNumber' };
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value > MAX_INCOME) return { error: 'invalid' };
  return { value };
}

const isSingle = (t: FamilyType) => t.startsWith('single');

export function validateCalculator(
  input: CalculatorInput,
): { ok: true; value: ValidInput } | { ok: false; errors: Partial<Record<CalculatorField, CalculatorMessageKey>> } {
  const errors: Partial<Record<CalculatorField, CalculatorMessageKey>> = {};
  const applicant = parseIncome(input.applicantIncome);
  if ('error' in applicant) {
    errors.applicantIncome = (
      {
        required: 'applicantRequired',
        notNumber: 'applicantNotNumber',
        negative: 'applicantNegative',
        invalid: 'applicantInvalid',
      } as const
    )[applicant.error];
  }
  const spouse = input.spouseIncome.trim() === '' ? { value: 0 } : parseIncome(input.spouseIncome);
  if ('error' in spouse) {
    errors.spouseIncome = (
      {
        required: 'spouseInvalid',
        notNumber: 'spouseNotNumber',
        negative: 'spouseNegative',
        invalid: 'spouseInvalid',
      } as const
    )[spouse.error];
  }
  const familyType = (familyTypes as readonly string[]).includes(input.familyType)
    ? (input.familyType as FamilyType)
    : undefined;
  if (!familyType) errors.familyType = 'familyTypeRequired';
  const dependents = /^\d+$/.test(input.dependents) ? Number(input.dependents) : undefined;
  if (dependents === undefined) errors.dependents = 'dependentsRequired';
  if (familyType && dependents !== undefined) {
    if ((familyType === 'single' || familyType === 'couple') && dependents !== 0) errors.dependents = 'dependentsZero';
    if (familyType.endsWith('_one') && dependents !== 1) errors.dependents = 'dependentsOne';
    if (familyType.endsWith('_many') && dependents <= 1) errors.dependents = 'dependentsMany';
  }
  if (familyType && isSingle(familyType) && !errors.spouseIncome && 'value' in spouse && spouse.value > 0)
    errors.spouseIncome = 'spouseWhenSingle';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      applicantIncome: (applicant as { value: number }).value,
      spouseIncome: (spouse as { value: number }).value,
      familyType: familyType!,
      dependents: dependents!,
    },
  };
}
