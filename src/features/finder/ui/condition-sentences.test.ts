import { describe, expect, it } from 'vitest';
import { finderStrings, needItems, reasonClauses } from '../strings.ts';
import { sentence } from '../rules/text.ts';
import type { FinderTag } from '../rules/questions.ts';
import { conditionSentence } from './condition-sentences.ts';

describe('the no-JavaScript list’s condition sentences', () => {
  it('are the rule’s sentences, per language, template and tags, whatever was asked before', () => {
    const tagSets: FinderTag[][] = [
      ['rent', 'working'],
      ['age-under-19', 'age-19-64', 'need-money', 'need-home-support'],
      ['rent'],
    ];
    for (const lang of ['en', 'fr'] as const) {
      const s = finderStrings[lang];
      const words = { clauses: reasonClauses[lang], needs: s.needs, needItems: needItems[lang] };
      const either = { type: 'disjunction', again: s.ifAgain } as const;
      for (const template of [s.mayFit, s.notFit])
        for (const tags of [...tagSets, ...tagSets])
          expect(conditionSentence(lang, template, tags, words, either)).toBe(
            sentence(lang, template, tags, words, either),
          );
    }
    const fr = finderStrings.fr;
    const words = { clauses: reasonClauses.fr, needs: fr.needs, needItems: needItems.fr };
    expect(
      conditionSentence('fr', fr.mayFit, ['rent', 'working'], words, { type: 'disjunction', again: fr.ifAgain }),
    ).toMatch(/^Peut vous convenir si vous êtes locataire ou si vous travaillez/);
  });
});
