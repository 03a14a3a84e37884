// Housing benefit screening page (/{lang}/screening): headings around the CMS sections and the
// "Might I qualify?" check (questions, errors, results). English and French side by side.
import { defineStrings } from '../../i18n/define.ts';

export const screeningStrings = defineStrings({
  en: {
    about: 'About the benefit',
    whoQualifies: 'Who qualifies',
    families: 'Families',
    individuals: 'Individuals',
    excluded: 'Who is excluded',
    bring: 'What to bring',
    howToApply: 'How to apply',
    online: 'Online',
    byMail: 'By mail',
    submission: 'Submission options',
    checklist: 'Checklist',
    checklistIntro: 'Before you apply, make sure that:',
    applyTitle: 'Ready to apply?',
    applyText:
      'Apply on the Social Supports NB online application portal (an external site, where you create an account), or fill in our online registration form.',
    proceed: 'Proceed',
    registration: 'Fill in the online registration form',
    checkTitle: 'Might I qualify?',
    checkIntro:
      'Answer a few questions to see whether you might qualify. Your answers stay on this device: nothing is stored or sent.',
    nojs: 'This check needs JavaScript. The criteria are listed above, under “Who qualifies” and “Who is excluded”.',
    yes: 'Yes',
    no: 'No',
    household: 'Who lives in your home?',
    householdAlone: 'I live alone',
    householdFamily: 'My family, with a child under 19 or a dependent 19 or older with a disability',
    householdOther: 'Other, for example adults sharing a home or a couple with no dependent child',
    under65: 'Are you under 65?',
    renting: 'Do you rent your home?',
    selfContained: 'Does your home have its own sleeping area, living area, kitchen and bathroom?',
    selfContainedHint: 'A room in a rooming house or boarding house does not count.',
    otherSubsidy: 'Do you already get a rent subsidy from Housing NB?',
    otherSubsidyHint: 'For example, you live in public housing or get a rent supplement.',
    livesInNb: 'Do you live in New Brunswick?',
    employed: 'Are you, or is someone in your household, employed?',
    income: 'What was your household’s total employment income before tax over the past 12 months?',
    incomeHint: 'In dollars, for example 32,000. Do not count the employment income of full-time students under 25.',
    taxesFiled: 'Have you, and every adult in your household, filed income taxes for last year?',
    submit: 'See my result',
    mayQualify: 'You may qualify',
    mayQualifyText:
      'From your answers, you may qualify for the Canada Housing Benefit. We can confirm it only once we review your application and documents.',
    resultPortal: 'Apply on the online portal',
    resultRegistration: 'Register with our online form',
    ruledOut: 'You may not qualify',
    ruledOutText: 'From your answers, you may not qualify for the Canada Housing Benefit:',
    reasonHousehold:
      'The benefit is for individuals under 65 who live alone, and for families with a child under 19 or a dependent 19 or older with a disability.',
    reasonAge: 'Individuals who live alone must be under 65.',
    reasonNotRenting: 'You must rent your home.',
    reasonNotSelfContained:
      'Your rental unit must have its own sleeping area, living area, kitchen and bathroom: rooming houses and boarding houses are not eligible.',
    reasonOtherSubsidy: 'You cannot get the benefit while you get another rent subsidy from Housing NB.',
    reasonOutsideNb: 'You must live in New Brunswick.',
    reasonNotEmployed: 'You, or someone in your household, must be employed.',
    reasonIncomeTooLow: 'Your household employment income must be at least $12,500 before tax over the past 12 months.',
    reasonIncomeTooHigh: 'Your household employment income must be $50,000 or less before tax over the past 12 months.',
    reasonTaxesNotFiled: 'You must have filed income taxes for last year.',
    ruledOutHelp: 'If your situation changes, check again. Meanwhile, other programs may help you.',
    seeOtherSupport: 'See other support that may help',
    otherSupport: 'Other support',
    otherSupportIntro:
      'These programs and pages may help you, whether or not you qualify for the Canada Housing Benefit.',
  },
  fr: {
    about: 'À propos de l’allocation',
    whoQualifies: 'Qui est admissible',
    families: 'Familles',
    individuals: 'Personnes seules',
    excluded: 'Qui n’est pas admissible',
    bring: 'Ce qu’il faut fournir',
    howToApply: 'Comment présenter une demande',
    online: 'En ligne',
    byMail: 'Par la poste',
    submission: 'Façons de présenter la demande',
    checklist: 'Liste de vérification',
    checklistIntro: 'Avant de présenter une demande, vérifiez que chacun de ces énoncés vous décrit :',
    applyTitle: 'Vous voulez présenter une demande?',
    applyText:
      'Présentez une demande dans le portail en ligne Soutiens sociaux NB (un site externe où vous créez un compte), ou remplissez notre formulaire de demande en ligne.',
    proceed: 'Continuer',
    registration: 'Remplir le formulaire de demande en ligne',
    checkTitle: 'Pourriez-vous être admissible?',
    checkIntro:
      'Répondez à quelques questions pour savoir si vous pourriez être admissible. Vos réponses restent sur cet appareil : rien n’est enregistré ni envoyé.',
    nojs: 'Cette vérification nécessite JavaScript. Les critères sont présentés plus haut, sous « Qui est admissible » et « Qui n’est pas admissible ».',
    yes: 'Oui',
    no: 'Non',
    household: 'Qui vit dans votre logement?',
    householdAlone: 'Je vis seul ou seule',
    householdFamily:
      'Ma famille, avec un enfant de moins de 19 ans ou une personne à charge de 19 ans ou plus ayant un handicap',
    householdOther: 'Autre, par exemple des adultes qui partagent un logement ou un couple sans enfant à charge',
    under65: 'Avez-vous moins de 65 ans?',
    renting: 'Êtes-vous locataire de votre logement?',
    selfContained:
      'Votre logement est-il autonome, avec son propre coin nuit, sa propre salle de séjour, sa propre cuisine et sa propre salle de bain?',
    selfContainedHint: 'Une chambre dans une maison de chambres ou une pension ne compte pas.',
    otherSubsidy: 'Recevez-vous déjà une subvention au loyer d’Habitation NB?',
    otherSubsidyHint: 'Par exemple, vous habitez dans un logement public ou recevez un supplément au loyer.',
    livesInNb: 'Habitez-vous au Nouveau-Brunswick?',
    employed: 'Occupez-vous un emploi, ou une personne de votre ménage en occupe-t-elle un?',
    income: 'Quel a été le revenu d’emploi total de votre ménage avant impôt au cours des 12 derniers mois?',
    incomeHint:
      'En dollars, par exemple 32 000. Ne comptez pas le revenu d’emploi des étudiantes et étudiants à temps plein de moins de 25 ans.',
    taxesFiled:
      'Avez-vous produit votre déclaration de revenus de l’an dernier, tout comme chaque adulte de votre ménage?',
    submit: 'Voir mon résultat',
    mayQualify: 'Vous pourriez être admissible',
    mayQualifyText:
      'Selon vos réponses, vous pourriez être admissible à l’Allocation canadienne pour le logement. Nous pourrons le confirmer seulement après avoir étudié votre demande et vos documents.',
    resultPortal: 'Présenter une demande dans le portail en ligne',
    resultRegistration: 'Remplir notre formulaire de demande en ligne',
    ruledOut: 'Vous pourriez ne pas être admissible',
    ruledOutText:
      'Selon vos réponses, vous pourriez ne pas être admissible à l’Allocation canadienne pour le logement :',
    reasonHousehold:
      'L’allocation s’adresse aux personnes de moins de 65 ans qui vivent seules et aux familles ayant un enfant de moins de 19 ans ou une personne à charge de 19 ans ou plus ayant un handicap.',
    reasonAge: 'Les personnes qui vivent seules doivent avoir moins de 65 ans.',
    reasonNotRenting: 'Vous devez être locataire de votre logement.',
    reasonNotSelfContained:
      'Votre logement doit être autonome, avec son propre coin nuit, sa propre salle de séjour, sa propre cuisine et sa propre salle de bain : les maisons de chambres et les pensions ne sont pas admissibles.',
    reasonOtherSubsidy:
      'Vous ne pouvez pas recevoir l’allocation si vous recevez une autre subvention au loyer d’Habitation NB.',
    reasonOutsideNb: 'Vous devez habiter au Nouveau-Brunswick.',
    reasonNotEmployed: 'Vous, ou une personne de votre ménage, devez occuper un emploi.',
    reasonIncomeTooLow:
      'Le revenu d’emploi de votre ménage doit être d’au moins 12 500 $ avant impôt au cours des 12 derniers mois.',
    reasonIncomeTooHigh:
      'Le revenu d’emploi de votre ménage doit être de 50 000 $ ou moins avant impôt au cours des 12 derniers mois.',
    reasonTaxesNotFiled: 'Vous devez avoir produit votre déclaration de revenus de l’an dernier.',
    ruledOutHelp:
      'Si votre situation change, refaites la vérification. D’ici là, d’autres programmes peuvent vous aider.',
    seeOtherSupport: 'Voir les autres formes d’aide offertes',
    otherSupport: 'Autres formes d’aide',
    otherSupportIntro:
      'Ces programmes et ces pages peuvent vous aider, que vous soyez admissible ou non à l’Allocation canadienne pour le logement.',
  },
});

export type ScreeningStrings = (typeof screeningStrings)['en'];
