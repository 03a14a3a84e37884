// The screening check's messages, shown by its page script and its no-JavaScript answer.
import { defineStrings } from '../../i18n/define.ts';

/** The screening check ("Might I qualify?"): an unanswered question, or an income that is not one. */
export const screeningMessages = defineStrings({
  en: {
    errHousehold: 'Select who lives in your home.',
    errUnder65: 'Select whether you are under 65.',
    errRenting: 'Select whether you rent your home.',
    errSelfContained: 'Select whether your home has its own sleeping area, living area, kitchen and bathroom.',
    errOtherSubsidy: 'Select whether you already get a rent subsidy from Housing NB.',
    errLivesInNb: 'Select whether you live in New Brunswick.',
    errEmployed: 'Select whether you, or someone in your household, are employed.',
    errIncome: 'Enter your household’s employment income over the past 12 months.',
    errIncomeInvalid: 'Enter the income as a number of dollars, for example 32,000.',
    errIncomeNegative: 'The income must not be a negative number.',
    errTaxesFiled: 'Select whether you have filed income taxes for last year.',
  },
  fr: {
    errHousehold: 'Indiquez qui vit dans votre logement.',
    errUnder65: 'Indiquez si vous avez moins de 65 ans.',
    errRenting: 'Indiquez si vous êtes locataire de votre logement.',
    errSelfContained:
      'Indiquez si votre logement est autonome, avec son propre coin nuit, sa propre salle de séjour, sa propre cuisine et sa propre salle de bain.',
    errOtherSubsidy: 'Indiquez si vous recevez déjà une subvention au loyer d’Habitation NB.',
    errLivesInNb: 'Indiquez si vous habitez au Nouveau-Brunswick.',
    errEmployed: 'Indiquez si vous, ou une personne de votre ménage, occupez un emploi.',
    errIncome: 'Entrez le revenu d’emploi de votre ménage au cours des 12 derniers mois.',
    errIncomeInvalid: 'Entrez le revenu en dollars, sous forme de nombre, par exemple 32 000.',
    errIncomeNegative: 'Le revenu ne doit pas être un nombre négatif.',
    errTaxesFiled: 'Indiquez si vous avez produit votre déclaration de revenus de l’an dernier.',
  },
});
