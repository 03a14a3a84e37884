// The final review writes amounts, rates, hours and lists the way each language writes them.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Review } from '../ui/Review.tsx';
import { Success } from '../ui/SubmitDialogs.tsx';
import { registrationStrings } from '../strings.ts';
import type { ApplicationForm } from './form-schema.ts';
import { validApplication } from '../../../../tests/fixtures/chb-registration/valid-application.ts';

function review(
  lang: 'en' | 'fr',
  employment = [{ employer: 'Corner Store', hoursPerWeek: '30', hourlyRate: '18.50' }],
): string {
  const form = { ...validApplication(), employment } as unknown as ApplicationForm;
  form.additional = { ...form.additional, marginalized: ['senior', 'veteran'] };
  return renderToStaticMarkup(
    createElement(Review, { lang, s: registrationStrings[lang], form, uploads: [], goTo: () => {} }),
  )
    .replaceAll('\u00a0', '~')
    .replaceAll('\u202f', '^');
}

describe('final review', () => {
  it('English: $18.50/h, $25,350.00, lists with "and"', () => {
    const html = review('en');
    expect(html).toContain('Corner Store, 30 hours a week, $18.50/h');
    expect(html).toContain('$25,350.00');
    expect(html).toContain('Regular employment (before taxes): Primary applicant');
    expect(html).not.toContain('$/h');
    expect(html).toContain('4-123 Main Street, Moncton, New Brunswick~~E1C 4B6');
  });

  it('French: 18,50 $/h, 25 350,00 $, « et », no-break space before the colon', () => {
    const html = review('fr');
    expect(html).toContain('Corner Store, 30 heures par semaine, 18,50~$/h');
    expect(html).toContain('25~350,00~$');
    expect(html).toContain('Emploi régulier (avant impôt)~: Personne qui fait la demande');
    expect(html).toMatch(/Personne aînée \(65\s?ans ou plus\) et Ancienne ou ancien combattant/);
  });

  it('hours a week: the plural form for the number, written the language’s way; anything else as typed', () => {
    const jobs = ['1', '37.5', '1,5', 'abc'].map((hoursPerWeek) => ({
      employer: 'Shop',
      hoursPerWeek,
      hourlyRate: '',
    }));
    const en = review('en', jobs);
    expect(en).toContain('Shop, 1 hour a week</dd>');
    expect(en).toContain('Shop, 37.5 hours a week</dd>');
    expect(en).toContain('Shop, 1.5 hours a week</dd>');
    expect(en).toContain('Shop, abc hours a week</dd>');
    const fr = review('fr', jobs);
    expect(fr).toContain('Shop, 1 heure par semaine</dd>');
    expect(fr).toContain('Shop, 37,5 heures par semaine</dd>');
    expect(fr).toContain('Shop, 1,5 heure par semaine</dd>');
    expect(fr).toContain('Shop, abc heures par semaine</dd>');
  });

  it('a mailing address that is the home address says so; each section’s Change link names the section', () => {
    expect(review('en')).toContain('<dt>Mailing address</dt><dd>Same as home address</dd>');
    expect(review('fr')).toContain('<dt>Adresse postale</dt><dd>Identique à l’adresse du domicile</dd>');
    expect(review('en')).toContain('aria-label="Change the “Consent” section"');
    expect(review('fr')).toContain('aria-label="Modifier la section «^Consentement^»"');
  });

  it('French address: comma after the civic number, province in parentheses, two spaces before the postal code', () => {
    expect(review('fr')).toContain('4-123, Main Street, Moncton (Nouveau-Brunswick)~~E1C 4B6');
    expect(review('fr')).not.toContain('Moncton, Nouveau-Brunswick');
  });
});

describe('the confirmation', () => {
  it('says the application number in one sentence, ending with its period', () => {
    const shown = (lang: 'en' | 'fr') =>
      renderToStaticMarkup(
        createElement(Success, { s: registrationStrings[lang], home: '/', applicationNumber: '1234-5678-9012' }),
      );
    expect(shown('en')).toContain(
      '<p>Your application number is <strong data-application-number="true">1234-5678-9012</strong>.</p>',
    );
    expect(shown('fr')).toContain(
      '<p>Votre numéro de demande est le <strong data-application-number="true">1234-5678-9012</strong>.</p>',
    );
  });
});
