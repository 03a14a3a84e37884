import { describe, expect, it } from 'vitest';
import { answersFromFragment, answersToFragment } from './fragment.ts';
import { finderTags, isFinderTag, questions, type FinderTag } from './questions.ts';
import { assess, conflictingTags, findPrograms, normalizeAnswers, type FinderProgram } from './rules.ts';
import { sentence } from './text.ts';
import { finderStrings, needItems, reasonClauses } from '../strings.ts';

const program = (relevant: FinderTag[], excludes: FinderTag[] = []): FinderProgram => ({ relevant, excludes });
/** An answer to another question than the tag's: it can never suggest a program tagged only with `tag`. */
const otherAnswer = (tag: FinderTag): FinderTag =>
  questions.find((q) => !(q.answers as readonly string[]).includes(tag))!.answers[0];

describe('finder questions', () => {
  it('has 5 to 8 questions whose answers are all distinct tags', () => {
    expect(questions.length).toBeGreaterThanOrEqual(5);
    expect(questions.length).toBeLessThanOrEqual(8);
    expect(new Set(finderTags).size).toBe(finderTags.length);
    expect(isFinderTag('rent')).toBe(true);
    expect(isFinderTag('renting')).toBe(false);
  });
});

describe('each tag suggests a program', () => {
  for (const tag of finderTags) {
    it(`${tag}: suggests a program tagged with it, and only when given`, () => {
      const p = program([tag]);
      expect(assess(p, [tag])).toEqual({ listed: true, reasons: [tag] });
      expect(assess(p, [otherAnswer(tag)])).toEqual({ listed: false, ruledOutBy: [] });
      expect(assess(p, [])).toEqual({ listed: false, ruledOutBy: [] });
    });
  }
});

describe('each exclusion rules a program out', () => {
  for (const tag of finderTags) {
    it(`${tag}: rules out a program that excludes it, even when another answer suggests it`, () => {
      const suggesting = otherAnswer(tag);
      const p = program([suggesting], [tag]);
      expect(assess(p, [suggesting])).toEqual({ listed: true, reasons: [suggesting] });
      expect(assess(p, normalizeAnswers([suggesting, tag]))).toEqual({ listed: false, ruledOutBy: [tag] });
      // Excluding alone never suggests.
      expect(assess(program([], [tag]), [tag]).listed).toBe(false);
    });
  }
});

describe('combinations', () => {
  it('a program without relevant tags is never suggested, whatever the answers', () => {
    expect(findPrograms([program([]), program([], ['rent'])], [...finderTags.filter((t) => t !== 'rent')])).toEqual([]);
  });

  it('gives every matching answer as a reason, in question order', () => {
    const chb = program(['rent', 'children-under-12', 'children-12-18', 'working'], ['own', 'long-term-care']);
    expect(assess(chb, normalizeAnswers(['working', 'children-under-12', 'rent', 'need-money']))).toEqual({
      listed: true,
      reasons: ['children-under-12', 'rent', 'working'],
    });
  });

  it('skipped questions rule nothing out', () => {
    const seniors = program(['age-65-plus', 'pension'], ['age-under-19']);
    expect(assess(seniors, ['pension'])).toEqual({ listed: true, reasons: ['pension'] });
    expect(assess(seniors, ['age-under-19', 'pension'])).toEqual({ listed: false, ruledOutBy: ['age-under-19'] });
  });

  it('names every answer that rules a program out', () => {
    expect(assess(program(['need-money'], ['own', 'pension']), ['own', 'pension', 'need-money'])).toEqual({
      listed: false,
      ruledOutBy: ['own', 'pension'],
    });
  });

  it('lists programs with more reasons first, keeping the given order otherwise', () => {
    const a = { name: 'a', ...program(['need-money']) };
    const b = { name: 'b', ...program(['rent', 'need-money']) };
    const c = { name: 'c', ...program(['need-money'], ['rent']) };
    const d = { name: 'd', ...program(['rent']) };
    const found = findPrograms([a, b, c, d], ['rent', 'need-money']);
    expect(found.map((f) => [f.program.name, f.reasons])).toEqual([
      ['b', ['rent', 'need-money']],
      ['a', ['need-money']],
      ['d', ['rent']],
    ]);
    expect(findPrograms([a, b, c, d], [])).toEqual([]);
  });

  it('keeps one answer per single-choice question and any number for the others', () => {
    expect(normalizeAnswers(['own', 'rent', 'need-work', 'need-money', 'need-money', 'bogus'])).toEqual([
      'own',
      'need-money',
      'need-work',
    ]);
    expect(normalizeAnswers(['alone', 'partner', 'age-65-plus', 'age-19-64'])).toEqual([
      'age-65-plus',
      'alone',
      'partner',
    ]);
  });

  it('finds a tag that would both suggest and rule out', () => {
    expect(conflictingTags(program(['rent', 'own'], ['own']))).toEqual(['own']);
    expect(conflictingTags(program(['rent'], ['own']))).toEqual([]);
  });
});

describe('shared links', () => {
  it('keeps the answers in the fragment and reads them back', () => {
    const answers: FinderTag[] = ['age-65-plus', 'alone', 'rent', 'pension', 'need-money', 'need-health'];
    const hash = answersToFragment(answers);
    expect(hash).toBe('#answers=age-65-plus,alone,rent,pension,need-money,need-health');
    expect(answersFromFragment(hash)).toEqual(answers);
  });

  it('ignores other fragments, unknown values and broken encodings', () => {
    expect(answersFromFragment('#main')).toEqual([]);
    expect(answersFromFragment('')).toEqual([]);
    expect(answersFromFragment('#answers=rent,%E0%A4%A,')).toEqual([]);
    expect(answersFromFragment('#answers=rent,villa,need-money')).toEqual(['rent', 'need-money']);
    expect(answersFromFragment('#answers=rent%2Cown')).toEqual(['rent']);
  });
});

describe('why lines', () => {
  const words = (lang: 'en' | 'fr') => ({
    clauses: reasonClauses[lang],
    needs: finderStrings[lang].needs,
    needItems: needItems[lang],
  });
  const because = (lang: 'en' | 'fr', tags: FinderTag[]) =>
    sentence(lang, finderStrings[lang].because, tags, words(lang), {
      type: 'conjunction',
      again: finderStrings[lang].becauseAgain,
    });
  const notFit = (lang: 'en' | 'fr', tags: FinderTag[]) =>
    sentence(lang, finderStrings[lang].notFit, tags, words(lang), {
      type: 'disjunction',
      again: finderStrings[lang].ifAgain,
    });

  it('writes one, two and three reasons as a whole sentence (French repeats « que »)', () => {
    expect(because('en', ['rent'])).toBe('Because you rent your home.');
    expect(because('en', ['rent', 'working'])).toBe('Because you rent your home and are working.');
    expect(because('fr', ['rent', 'working'])).toBe('Parce que vous êtes locataire et que vous travaillez.');
    expect(because('fr', ['age-65-plus', 'alone', 'pension'])).toBe(
      'Parce que vous avez 65 ans ou plus, que vous vivez seul ou seule et que vous recevez une pension.',
    );
  });

  it('puts every need in one clause, never a verb without its subject', () => {
    const fr = because('fr', ['need-money', 'need-home-support']);
    expect(fr).toBe('Parce que vous avez besoin d’une aide financière et d’aide à domicile.');
    expect(fr).not.toMatch(/, avez besoin/);
    expect(because('en', ['rent', 'need-money', 'need-home-support'])).toBe(
      'Because you rent your home and need help with money and help at home.',
    );
  });

  it('repeats « que » inside a two-part clause, after « Parce que », « et que » and « si » alike', () => {
    expect(because('fr', ['rent', 'adult-disability'])).toBe(
      'Parce que vous êtes locataire et que vous avez un handicap ou que vous vivez avec une personne adulte qui en a un.',
    );
    expect(because('fr', ['adult-disability'])).toBe(
      'Parce que vous avez un handicap ou que vous vivez avec une personne adulte qui en a un.',
    );
    // No clause of the French why lines leaves a second verb without its « que ».
    for (const clause of Object.values(reasonClauses.fr)) expect(clause).not.toMatch(/\b(?:ou|et) vous\b/);
  });

  it('phrases adjacent age bands as one (a program for 65 or older is not for those under 65)', () => {
    expect(notFit('fr', ['age-under-19', 'age-19-64'])).toBe('Ne vous convient pas si vous avez moins de 65 ans.');
    expect(notFit('en', ['age-under-19', 'age-19-64'])).toBe('Not for you if you are under 65.');
    expect(notFit('fr', ['age-19-64', 'age-65-plus'])).toBe('Ne vous convient pas si vous avez 19 ans ou plus.');
    // The two children's bands read as one too, where the first was.
    expect(because('fr', ['children-under-12', 'children-12-18', 'rent'])).toBe(
      'Parce que vous avez des enfants de moins de 19 ans et que vous êtes locataire.',
    );
    expect(because('en', ['children-under-12', 'children-12-18'])).toBe('Because you have children under 19.');
    expect(notFit('fr', ['children-under-12', 'children-12-18'])).toBe(
      'Ne vous convient pas si vous avez des enfants de moins de 19 ans.',
    );
    expect(notFit('fr', ['age-under-19', 'age-65-plus', 'own'])).toBe(
      'Ne vous convient pas si vous avez moins de 19 ans, si vous avez 65 ans ou plus ou si vous êtes propriétaire de votre logement.',
    );
  });
});
