// "Might I qualify?" for the Canada Housing Benefit: the published criteria as a pure function
// of the visitor's answers. Nothing here stores or sends anything; the screening page's script
// (src/features/screening/ui/screening.ts) renders the result.
import { parseMoney } from '../../../site/form/formats.ts';
import { INCOME_MAX, INCOME_MIN } from '../../../site/rules/housing-benefit-limits.ts';

/** Individuals living alone must be under this age. */

type YesNo = 'yes' | 'no';
type Household = 'alone' | 'family' | 'other';

export interface ScreeningAnswers {
  household?: Household | undefined;
  /** Asked only when the visitor lives alone. */
  under65?: YesNo | undefined;
  renting?: YesNo | undefined;
  /** Own sleeping area, living area, kitchen and bathroom; not a rooming or boarding house. */
  selfContained?: YesNo | undefined;
  otherSubsidy?: YesNo | undefined;
  livesInNb?: YesNo | undefined;
  employed?: YesNo | undefined;
  /** Asked only when someone in the household is employed; as typed ("32,000", "32 000,50"). */
  income?: string | undefined;
  taxesFiled?: YesNo | undefined;
}

export type Question = keyof ScreeningAnswers;

/** Questions in page order. */
const questionOrder: readonly Question[] = [
  'household',
  'under65',
  'renting',
  'selfContained',
  'otherSubsidy',
  'livesInNb',
  'employed',
  'income',
  'taxesFiled',
];

/** Why an answer rules the benefit out, in the order of the published criteria. */
type Reason =
  | 'household'
  | 'age'
  | 'notRenting'
  | 'notSelfContained'
  | 'otherSubsidy'
  | 'outsideNb'
  | 'notEmployed'
  | 'incomeTooLow'
  | 'incomeTooHigh'
  | 'taxesNotFiled';

type Problem = 'required' | 'incomeInvalid' | 'incomeNegative';

export type ScreeningResult =
  | { kind: 'errors'; errors: Array<{ question: Question; problem: Problem }> }
  | { kind: 'mayQualify' }
  | { kind: 'ruledOut'; reasons: Reason[] };

/** The questions that apply to these answers (conditional ones only when their condition holds). */
export function visibleQuestions(a: ScreeningAnswers): Question[] {
  return questionOrder.filter((q) => {
    if (q === 'under65') return a.household === 'alone';
    if (q === 'income') return a.employed === 'yes';
    return true;
  });
}

export function screen(a: ScreeningAnswers): ScreeningResult {
  const errors: Array<{ question: Question; problem: Problem }> = [];
  let income: number | null = null;
  for (const q of visibleQuestions(a)) {
    const value = a[q];
    if (value === undefined || value.trim() === '') {
      errors.push({ question: q, problem: 'required' });
    } else if (q === 'income') {
      const parsed = parseMoney(value);
      if (parsed === 'negative') errors.push({ question: q, problem: 'incomeNegative' });
      else if (parsed === null) errors.push({ question: q, problem: 'incomeInvalid' });
      else income = parsed;
    }
  }
  if (errors.length) return { kind: 'errors', errors };

  const reasons: Reason[] = [];
  if (a.household === 'other') reasons.push('household');
  if (a.household === 'alone' && a.under65 === 'no') reasons.push('age');
  if (a.renting === 'no') reasons.push('notRenting');
  if (a.selfContained === 'no') reasons.push('notSelfContained');
  if (a.otherSubsidy === 'yes') reasons.push('otherSubsidy');
  if (a.livesInNb === 'no') reasons.push('outsideNb');
  if (a.employed === 'no') reasons.push('notEmployed');
  if (income !== null && income < INCOME_MIN) reasons.push('incomeTooLow');
  if (income !== null && income > INCOME_MAX) reasons.push('incomeTooHigh');
  if (a.taxesFiled === 'no') reasons.push('taxesNotFiled');
  return reasons.length ? { kind: 'ruledOut', reasons } : { kind: 'mayQualify' };
}
