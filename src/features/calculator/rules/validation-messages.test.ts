// The calculator's validation messages of spec section 5 for whole forms (several fields wrong at
// once), in both languages, word for word: what the browser suite once checked page by page. The
// page showing them (beside the field, in the summary, focus and axe) is tests/e2e/calculator-validation.spec.ts.
import { describe, expect, it } from 'vitest';
import { familyTypes } from './family-types.ts';
import { calculatorMessages } from './messages.ts';
import { validateCalculator, type CalculatorField } from './validate.ts';

// The messages as the pages must say them (not read from messages.ts: a changed word fails here);
// compared with the spaces made plain (French typography puts narrow no-break spaces in).
const m = {
  en: {
    familyTypeRequired: 'Please make a selection from the Family Type dropdown list.',
    dependentsRequired: 'Please make a selection from the Number of Dependents dropdown list.',
    dependentsZero: 'For a Single or Couple family type, please select 0 for the Number of Dependents.',
    dependentsOne: 'For a family type with one Dependent at Home, please select 1 for the Number of Dependents.',
    dependentsMany:
      'For a family type with more than one Dependent at Home, please select more than 1 for the Number of Dependents.',
    applicantRequired: 'Please enter the Annual Income Amount for the Applicant.',
    applicantNotNumber: 'Applicant Income Amounts must only contain numbers',
    applicantNegative: 'Applicant Income Amounts must not be a negative number',
    applicantInvalid: 'The number you have input is not valid for Applicant income.',
    spouseNotNumber: 'Spouse Income Amounts must only contain numbers',
    spouseNegative: 'Spouse Income Amounts must not be a negative number',
    spouseInvalid: 'The number you have input is not valid for Spouse income.',
    spouseWhenSingle: 'Sorry you have input a spouse income when you have indicated that you are single.',
  },
  fr: {
    familyTypeRequired: 'Veuillez choisir une option dans la liste déroulante « Type de famille ».',
    dependentsRequired: 'Veuillez choisir une option dans la liste déroulante « Nombre de personnes à charge ».',
    dependentsZero:
      'Pour le type de famille « Personne seule » ou « Couple », veuillez choisir 0 dans la liste « Nombre de personnes à charge ».',
    dependentsOne:
      'Pour un type de famille avec une personne à charge à la maison, veuillez choisir 1 dans la liste « Nombre de personnes à charge ».',
    dependentsMany:
      'Pour un type de famille avec plus d’une personne à charge à la maison, veuillez choisir un nombre supérieur à 1 dans la liste « Nombre de personnes à charge ».',
    applicantRequired: 'Veuillez entrer le revenu annuel de la personne qui fait la demande.',
    applicantNotNumber: 'Le revenu de la personne qui fait la demande doit contenir uniquement des chiffres.',
    applicantNegative: 'Le revenu de la personne qui fait la demande ne peut pas être un nombre négatif.',
    applicantInvalid: 'Le nombre entré pour le revenu de la personne qui fait la demande n’est pas valide.',
    spouseNotNumber: 'Le revenu du conjoint ou de la conjointe doit contenir uniquement des chiffres.',
    spouseNegative: 'Le revenu du conjoint ou de la conjointe ne peut pas être un nombre négatif.',
    spouseInvalid: 'Le nombre entré pour le revenu du conjoint ou de la conjointe n’est pas valide.',
    spouseWhenSingle:
      'Vous avez entré un revenu de conjoint ou de conjointe, mais vous avez indiqué être une personne seule.',
  },
};
type Key = keyof (typeof m)['en'];
const plain = (text: string) => text.replace(/\s/g, ' ');

// A form as a person fills it: the family type by its place in the dropdown (1 Single … 6 Couple
// with more than one Dependent; none chosen: left out), and the fields with the message each gets.
interface Case {
  name: string;
  applicant?: string;
  spouse?: string;
  family?: number;
  dependents?: string;
  expect: Partial<Record<CalculatorField, Key>>;
}
const cases: Case[] = [
  {
    name: 'nothing entered',
    expect: {
      applicantIncome: 'applicantRequired',
      familyType: 'familyTypeRequired',
      dependents: 'dependentsRequired',
    },
  },
  {
    name: 'letters, negative spouse income, Single with 1 dependent',
    applicant: '12a00',
    spouse: '-5',
    family: 1,
    dependents: '1',
    expect: { applicantIncome: 'applicantNotNumber', spouseIncome: 'spouseNegative', dependents: 'dependentsZero' },
  },
  {
    name: 'negative income, letters for the spouse, one-dependent type with 0',
    applicant: '-100',
    spouse: 'abc',
    family: 5,
    dependents: '0',
    expect: { applicantIncome: 'applicantNegative', spouseIncome: 'spouseNotNumber', dependents: 'dependentsOne' },
  },
  {
    name: 'impossible incomes, more-than-one type with 1',
    applicant: '99999999999',
    spouse: '99999999999',
    family: 6,
    dependents: '1',
    expect: { applicantIncome: 'applicantInvalid', spouseIncome: 'spouseInvalid', dependents: 'dependentsMany' },
  },
  {
    name: 'Couple with 2 dependents',
    applicant: '20000',
    family: 4,
    dependents: '2',
    expect: { dependents: 'dependentsZero' },
  },
  {
    name: 'spouse income for a single person',
    applicant: '20000',
    spouse: '5000',
    family: 2,
    dependents: '1',
    expect: { spouseIncome: 'spouseWhenSingle' },
  },
];

describe('the calculator’s messages for a whole form, in both languages', () => {
  for (const lang of ['en', 'fr'] as const)
    it.each(cases)(`${lang}: $name`, (c) => {
      const result = validateCalculator({
        applicantIncome: c.applicant ?? '',
        spouseIncome: c.spouse ?? '',
        familyType: c.family ? familyTypes[c.family - 1]! : '',
        dependents: c.dependents ?? '',
      });
      const errors = result.ok ? {} : result.errors;
      // Exactly these fields are wrong (the others are not marked), each with its message's words.
      expect(Object.keys(errors).sort()).toEqual(Object.keys(c.expect).sort());
      for (const [field, key] of Object.entries(c.expect))
        expect(plain(calculatorMessages[lang][errors[field as CalculatorField]!])).toBe(m[lang][key]);
    });
});
