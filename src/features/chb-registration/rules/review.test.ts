// The final review writes amounts, rates and lists the way each language writes them.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Review } from '../ui/Review.tsx';
import { registrationStrings } from '../strings.ts';
import type { ApplicationForm } from './form-schema.ts';
import { validApplication } from '../../../../tests/fixtures/chb-registration/valid-application.ts';

function review(lang: 'en' | 'fr'): string {
  const form = {
    ...validApplication(),
    employment: [{ employer: 'Corner Store', hoursPerWeek: '30', hourlyRate: '18.50' }],
  } as unknown as ApplicationForm;
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

  it('French address: comma after the civic number, province in parentheses, two spaces before the postal code', () => {
    expect(review('fr')).toContain('4-123, Main Street, Moncton (Nouveau-Brunswick)~~E1C 4B6');
    expect(review('fr')).not.toContain('Moncton, Nouveau-Brunswick');
  });
});
