import { describe, expect, it } from 'vitest';
import { foldAccents, foldedVariants, htmlToText, normalizeQuery, searchTerms, words } from './normalize.ts';

describe('search normalization', () => {
  it('folds French accents and ligatures', () => {
    expect(foldAccents('aînés')).toBe('aines');
    expect(foldAccents('Régimes de médicaments')).toBe('Regimes de medicaments');
    expect(foldAccents('répit, garçon, Noël, où')).toBe('repit, garcon, Noel, ou');
    expect(foldAccents('œuvre Œil')).toBe('oeuvre Oeil');
  });

  it('lists the folded form of accented words only, once each', () => {
    expect(foldedVariants('Prestation pour les aînés à faible revenu; les Aînés')).toEqual(['aines', 'a']);
    expect(foldedVariants('Food Banks')).toEqual([]);
    expect(foldedVariants('l’allocation d’été')).toEqual(['ete']);
  });

  it('reads words out of HTML', () => {
    expect(words(htmlToText('<p>Aide au <strong>loyer</strong>&nbsp;pour aînés</p>'))).toEqual([
      'Aide',
      'au',
      'loyer',
      'pour',
      'aînés',
    ]);
  });

  it('normalizes a typed query', () => {
    expect(normalizeQuery('  « aide   au loyer »  ')).toBe('aide au loyer');
    expect(normalizeQuery('"rent help"')).toBe('rent help');
  });
});

describe('searchTerms', () => {
  it('drops function words Pagefind would match as prefixes, unless nothing else is left', () => {
    expect(searchTerms('foyer de soins', 'fr')).toBe('foyer soins');
    expect(searchTerms('aide au loyer', 'fr')).toBe('aide loyer');
    expect(searchTerms('de', 'fr')).toBe('de');
    expect(searchTerms('Meals on Wheels', 'en')).toBe('Meals Wheels');
  });
});
