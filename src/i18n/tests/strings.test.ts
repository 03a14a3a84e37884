import { describe, expect, it } from 'vitest';
import { useStrings } from '../index.ts';
import { plural } from '../fill.ts';
import { formatHourlyRate, formatMoney } from '../typography/numbers.ts';

const show = (s: string) => s.replaceAll('\u00a0', '~').replaceAll('\u202f', '^');

describe('counts agree with their number (Intl.PluralRules)', () => {
  it('French: 0 and 1 are singular, 2 and more plural; numbers are grouped', () => {
    const t = useStrings('fr');
    expect(t('category.found', { n: 0 })).toBe('0 programme ou service trouvé');
    expect(t('category.found', { n: 1 })).toBe('1 programme ou service trouvé');
    expect(t('category.found', { n: 2 })).toBe('2 programmes et services trouvés');
    expect(show(t('category.found', { n: 12500 }))).toBe('12~500 programmes et services trouvés');
    expect(t('category.loaded', { n: 1 })).toBe('1 autre résultat affiché.');
  });

  it('English: only 1 is singular', () => {
    const t = useStrings('en');
    expect(t('category.found', { n: 0 })).toBe('0 programs and services found');
    expect(t('category.found', { n: 1 })).toBe('1 program or service found');
    expect(t('category.found', { n: 12500 })).toBe('12,500 programs and services found');
  });

  it('plural() picks a form by the language’s rules', () => {
    const forms = { one: '{n} endroit', other: '{n} endroits' };
    expect(plural('fr', 1, forms)).toBe('1 endroit');
    expect(plural('fr', 0, forms)).toBe('0 endroit');
    expect(plural('en', 0, { one: '{n} place', other: '{n} places' })).toBe('0 places');
  });
});

describe('French strings get French spacing from one place', () => {
  it('interface strings carry no-break spaces', () => {
    const t = useStrings('fr');
    expect(show(t('program.helpTitle'))).toBe('Besoin d’aide^?');
    expect(show(t('program.lastUpdatedLabel'))).toBe('Dernière mise à jour~:');
    expect(show(t('category.pageOf', { n: 2, total: 3 }))).toBe('Page 2 sur 3');
  });
});

describe('money, one formatter per language', () => {
  it('writes amounts and rates in each language’s order', () => {
    expect(formatHourlyRate('en', 18.5)).toBe('$18.50/h');
    expect(show(formatHourlyRate('fr', 18.5))).toBe('18,50~$/h');
    expect(formatMoney('en', 12500)).toBe('$12,500');
    expect(show(formatMoney('fr', 12500))).toBe('12~500~$');
    expect(show(formatMoney('fr', 850, { cents: true }))).toBe('850,00~$');
  });
});
