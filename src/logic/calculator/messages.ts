// Calculator validation messages: English word for word from the specification, French beside.
export const calculatorMessages = {
  en: {
    familyTypeRequired: 'Please make a selection from the Family Type dropdown list.',
    dependentsRequired: 'Please make a selection from the Number of Dependents dropdown list.',
    dependentsZero: 'For a Single or Couple family type, please select 0 for the Number of Dependents.',
    dependentsOne: 'For a family type with one Dependent at Home, please select 1 for the Number of Dependents.',
    dependentsMany: 'For a family type with more than one Dependent at Home, please select more than 1 for the Number of Dependents.',
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
    familyTypeRequired: 'Veuillez faire une sélection dans la liste déroulante Type de famille.',
    dependentsRequired: 'Veuillez faire une sélection dans la liste déroulante Nombre de personnes à charge.',
    dependentsZero: 'Pour le type de famille Personne seule ou Couple, veuillez sélectionner 0 pour le Nombre de personnes à charge.',
    dependentsOne: 'Pour un type de famille avec une personne à charge à la maison, veuillez sélectionner 1 pour le Nombre de personnes à charge.',
    dependentsMany: 'Pour un type de famille avec plus d’une personne à charge à la maison, veuillez sélectionner plus de 1 pour le Nombre de personnes à charge.',
    applicantRequired: 'Veuillez entrer le montant du revenu annuel du demandeur.',
    applicantNotNumber: 'Le revenu du demandeur doit contenir uniquement des chiffres',
    applicantNegative: 'Le revenu du demandeur ne doit pas être un nombre négatif',
    applicantInvalid: 'Le nombre que vous avez entré n’est pas valide pour le revenu du demandeur.',
    spouseNotNumber: 'Le revenu du conjoint doit contenir uniquement des chiffres',
    spouseNegative: 'Le revenu du conjoint ne doit pas être un nombre négatif',
    spouseInvalid: 'Le nombre que vous avez entré n’est pas valide pour le revenu du conjoint.',
    spouseWhenSingle: 'Désolé, vous avez entré un revenu de conjoint alors que vous avez indiqué être une personne seule.',
  },
} as const;

export type CalculatorMessageKey = keyof (typeof calculatorMessages)['en'];
