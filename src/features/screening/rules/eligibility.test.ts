import { describe, expect, it } from 'vitest';
import { screen, visibleQuestions, type ScreeningAnswers } from './eligibility.ts';

const qualifying: ScreeningAnswers = {
  household: 'family',
  renting: 'yes',
  selfContained: 'yes',
  otherSubsidy: 'no',
  livesInNb: 'yes',
  employed: 'yes',
  income: '32,000',
  taxesFiled: 'yes',
};

describe('housing benefit screening', () => {
  it('a family that meets every criterion may qualify', () => {
    expect(screen(qualifying)).toEqual({ kind: 'mayQualify' });
  });

  it('an individual under 65 living alone may qualify', () => {
    expect(screen({ ...qualifying, household: 'alone', under65: 'yes' })).toEqual({ kind: 'mayQualify' });
  });

  it('asks the age only of people living alone, and the income only when someone is employed', () => {
    expect(visibleQuestions(qualifying)).not.toContain('under65');
    expect(visibleQuestions({ ...qualifying, household: 'alone' })).toContain('under65');
    expect(visibleQuestions({ ...qualifying, employed: 'no' })).not.toContain('income');
  });

  it('names each criterion that rules the benefit out', () => {
    const cases: Array<[ScreeningAnswers, string]> = [
      [{ household: 'other' }, 'household'],
      [{ household: 'alone', under65: 'no' }, 'age'],
      [{ renting: 'no' }, 'notRenting'],
      [{ selfContained: 'no' }, 'notSelfContained'],
      [{ otherSubsidy: 'yes' }, 'otherSubsidy'],
      [{ livesInNb: 'no' }, 'outsideNb'],
      [{ employed: 'no', income: undefined }, 'notEmployed'],
      [{ income: '12,499.99' }, 'incomeTooLow'],
      [{ income: '50 000,01' }, 'incomeTooHigh'],
      [{ income: '50001' }, 'incomeTooHigh'],
      [{ taxesFiled: 'no' }, 'taxesNotFiled'],
    ];
    for (const [change, reason] of cases) {
      expect(screen({ ...qualifying, ...change }), reason).toEqual({ kind: 'ruledOut', reasons: [reason] });
    }
  });

  it('includes both ends of the income range', () => {
    expect(screen({ ...qualifying, income: '12500' })).toEqual({ kind: 'mayQualify' });
    expect(screen({ ...qualifying, income: '$50,000.00' })).toEqual({ kind: 'mayQualify' });
  });

  it('lists every reason, in the order of the criteria', () => {
    const result = screen({ ...qualifying, taxesFiled: 'no', renting: 'no', household: 'other' });
    expect(result).toEqual({ kind: 'ruledOut', reasons: ['household', 'notRenting', 'taxesNotFiled'] });
  });

  it('reports each unanswered question that applies, in page order', () => {
    expect(screen({})).toEqual({
      kind: 'errors',
      errors: ['household', 'renting', 'selfContained', 'otherSubsidy', 'livesInNb', 'employed', 'taxesFiled'].map(
        (question) => ({ question, problem: 'required' }),
      ),
    });
    expect(screen({ ...qualifying, household: 'alone' })).toEqual({
      kind: 'errors',
      errors: [{ question: 'under65', problem: 'required' }],
    });
    expect(screen({ ...qualifying, income: '  ' })).toEqual({
      kind: 'errors',
      errors: [{ question: 'income', problem: 'required' }],
    });
  });

  it('refuses an income that is not a number or is negative', () => {
    expect(screen({ ...qualifying, income: 'about 30k' })).toEqual({
      kind: 'errors',
      errors: [{ question: 'income', problem: 'incomeInvalid' }],
    });
    expect(screen({ ...qualifying, income: '-20000' })).toEqual({
      kind: 'errors',
      errors: [{ question: 'income', problem: 'incomeNegative' }],
    });
  });

  it('ignores an answer to a question that no longer applies', () => {
    expect(screen({ ...qualifying, under65: 'no' })).toEqual({ kind: 'mayQualify' });
    expect(screen({ ...qualifying, employed: 'no', income: '30000' })).toEqual({
      kind: 'ruledOut',
      reasons: ['notEmployed'],
    });
  });
});
