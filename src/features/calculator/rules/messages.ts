// Calculator validation messages: English word for word from the specification, French beside
// (written in French, not copied: guillemets around list names, final periods).
import { defineStrings } from '../../../i18n/define.ts';

export const calculatorMessages = defineStrings({
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
});

export type CalculatorMessageKey = keyof (typeof calculatorMessages)['en'];
