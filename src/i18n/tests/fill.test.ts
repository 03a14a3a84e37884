// The one way a message becomes text (src/i18n/fill.ts): plural form, placeholders, numbers.
import { describe, expect, it } from 'vitest';
import { defineStrings } from '../define.ts';
import { fill, plural } from '../fill.ts';
import { locale, langOf } from '../languages.ts';

const strings = defineStrings({
  en: { found: { one: '{n} program found', other: '{n} programs found' }, near: 'Nearest to {code}: {count}' },
  fr: {
    found: { one: '{n} programme trouvé', other: '{n} programmes trouvés' },
    near: 'Les plus près de {code} : {count}',
  },
});

describe('fill(): plural forms by Intl.PluralRules', () => {
  it('English: only 1 is singular', () => {
    const found = (n: number) => fill('en', strings.en.found, { n });
    expect([0, 1, 2, 1000].map(found)).toEqual([
      '0 programs found',
      '1 program found',
      '2 programs found',
      '1,000 programs found',
    ]);
  });

  it('French: 0 and 1 are singular; 1 000 has the no-break space numbers.ts writes (fr-CA: U+00A0)', () => {
    const found = (n: number) => fill('fr', strings.fr.found, { n });
    expect([0, 1, 2, 1000].map(found)).toEqual([
      '0 programme trouvé',
      '1 programme trouvé',
      '2 programmes trouvés',
      '1\u00a0000 programmes trouvés',
    ]);
  });

  it('plural(): the count picks the form, the other values fill it', () => {
    const forms = {
      one: 'Le plus près de {code} : {count} endroit',
      other: 'Les plus près de {code} : {count} endroits',
    };
    expect(plural('fr', 0, forms, { code: 'E1C 4B7', count: 0 })).toBe('Le plus près de E1C 4B7 : 0 endroit');
    expect(plural('en', 0, { one: '{n} place', other: '{n} places' })).toBe('0 places');
    expect(plural('fr', 1200, { one: '{n} endroit', other: '{n} endroits' })).toBe('1\u00a0200 endroits');
  });
});

describe('fill(): named placeholders', () => {
  it('fills every placeholder; numbers the language’s way, strings as they are', () => {
    expect(fill('en', strings.en.near, { code: 'E1C 4B7', count: 12500 })).toBe('Nearest to E1C 4B7: 12,500');
    expect(fill('fr', strings.fr.near, { code: 'E1C 4B7', count: 12500 })).toBe(
      'Les plus près de E1C 4B7\u00a0: 12\u00a0500',
    );
    expect(fill('en', 'Price: {amount}', { amount: '1234' })).toBe('Price: 1234');
  });

  it('inserts values literally: no second pass, no replacement patterns', () => {
    expect(fill('en', '{a} and {b}', { a: '{b}', b: '$& $1' })).toBe('{b} and $& $1');
  });

  it('a missing placeholder is an error naming it', () => {
    expect(() => fill('en', strings.en.near, { code: 'E1C 4B7' })).toThrow(/\{count\}/);
    expect(() => fill('fr', 'Étape {n} sur {total}')).toThrow(/\{n\}/);
  });

  it('a plural message without its number n is an error', () => {
    expect(() => fill('en', strings.en.found)).toThrow(/plural/);
    expect(() => fill('en', strings.en.found, { n: '3' })).toThrow(/plural/);
  });
});

describe('locale() and langOf()', () => {
  it('one locale per language, English for anything else', () => {
    expect([locale('en'), locale('fr')]).toEqual(['en-CA', 'fr-CA']);
    expect([langOf('fr'), langOf('en'), langOf('fr-CA'), langOf(undefined)]).toEqual(['fr', 'en', 'en', 'en']);
  });
});
