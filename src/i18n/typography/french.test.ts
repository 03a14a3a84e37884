import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NBSP, NNBSP, frenchStrings, frenchTypography, frenchTypographyEscaped, typography } from './french.ts';

// Visible markers make the expectations readable: ~ is U+00A0, ^ is U+202F.
const show = (s: string) => s.replaceAll(NBSP, '~').replaceAll(NNBSP, '^');
const fix = (s: string) => show(frenchTypography(s));

describe('frenchTypography', () => {
  it('puts a no-break space before the colon, typed with or without a space', () => {
    expect(fix('Développement social : 1-833-733-7835')).toBe('Développement social~: 1-833-733-7835');
    expect(fix('Dernière mise à jour: 2026-03-04')).toBe('Dernière mise à jour~: 2026-03-04');
    expect(fix('Corrigez ces réponses :')).toBe('Corrigez ces réponses~:');
  });

  it('leaves URLs, times written with a colon and ratios alone', () => {
    expect(fix('Voir https://www2.gnb.ca/fr.html?a=1')).toBe('Voir https://www2.gnb.ca/fr.html?a=1');
    expect(fix('tel:18337337835')).toBe('tel:18337337835');
    expect(fix('a:b et 1:2')).toBe('a:b et 1:2');
  });

  it('puts a narrow no-break space before ; ! ? and never doubles it', () => {
    expect(fix('Besoin d’aide?')).toBe('Besoin d’aide^?');
    expect(fix('Besoin d’aide ?')).toBe('Besoin d’aide^?');
    expect(fix('habitez au Nouveau-Brunswick; répondez')).toBe('habitez au Nouveau-Brunswick^; répondez');
    expect(fix('Attention!')).toBe('Attention^!');
    expect(fix('Vraiment?!')).toBe('Vraiment^?!');
    expect(fix('?q=logement')).toBe('?q=logement');
  });

  it('spaces a separator that starts with the mark, as once it is joined after a word', () => {
    expect(fix('; ')).toBe('^; ');
    expect(fix(' : ')).toBe('~: ');
    expect(show(['Aînés', 'Logement'].join(frenchTypography('; ')))).toBe('Aînés^; Logement');
    expect(fix('?q=logement')).toBe('?q=logement');
    expect(fix(':root')).toBe(':root');
  });

  it('puts narrow no-break spaces inside guillemets', () => {
    expect(fix('Le programme « Popote roulante » est offert')).toBe('Le programme «^Popote roulante^» est offert');
    expect(fix('«facultatif»')).toBe('«^facultatif^»');
  });

  it('keeps numbers, amounts and times together', () => {
    expect(fix('entre 12 500 $ et 50 000 $ avant impôt')).toBe('entre 12~500~$ et 50~000~$ avant impôt');
    expect(fix('1 000 000 $')).toBe('1~000~000~$');
    expect(fix('Un versement de 400 $ et 5 %')).toBe('Un versement de 400~$ et 5~%');
    expect(fix('de 8 h 15 à 16 h 30, 24 h sur 24')).toBe('de 8~h~15 à 16~h~30, 24~h sur 24');
    expect(fix('7 Mo ou moins, à 12 km')).toBe('7~Mo ou moins, à 12~km');
  });

  it('does not join phone numbers, postal codes, years or separate counts', () => {
    expect(fix('Composez le 1-833-733-7835 ou le 506-555-0123')).toBe('Composez le 1-833-733-7835 ou le 506-555-0123');
    expect(fix('E1A 1A1')).toBe('E1A 1A1');
    expect(fix('de 16 à 18 ans, en 2026 et 2027, 3 500 heures')).toBe('de 16 à 18 ans, en 2026 et 2027, 3~500 heures');
    expect(fix('5 heures par semaine')).toBe('5 heures par semaine');
  });

  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ' ', ':', ';', '?', '!', '«', '»', '1', '2', '$', 'h', '%', NBSP, NNBSP),
        }),
        (s) => {
          const once = frenchTypography(s);
          expect(frenchTypography(once)).toBe(once);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads HTML-escaped text nodes without breaking entities', () => {
    expect(show(frenchTypographyEscaped('Soins &amp; services : « A &lt; B »'))).toBe(
      'Soins &amp; services~: «^A &lt; B^»',
    );
  });
});

describe('typography and frenchStrings', () => {
  it('leaves English alone', () => {
    expect(typography('en', 'Need help? Call: 12 500 $')).toBe('Need help? Call: 12 500 $');
  });

  it('maps every string and template function of a strings object', () => {
    const s = frenchStrings({
      a: 'Besoin d’aide?',
      nested: { b: 'Note : x' },
      list: ['« a »'],
      f: (n: number) => `Étape ${n} : 12 500 $`,
    });
    expect(show(s.a)).toBe('Besoin d’aide^?');
    expect(show(s.nested.b)).toBe('Note~: x');
    expect(show(s.list[0]!)).toBe('«^a^»');
    expect(show(s.f(3))).toBe('Étape 3~: 12~500~$');
  });
});
