// The labels of the registration form's fixed choices (src/features/chb-registration/rules/options.ts),
// English and French side by side.
import { defineStrings } from '../../i18n/define.ts';

export const genderLabels = defineStrings({
  en: {
    male: 'Male',
    female: 'Female',
    non_binary: 'Non Binary',
    self_describe: 'Prefer to self-describe',
    prefer_not: 'Prefer not to say',
  },
  fr: {
    male: 'Homme',
    female: 'Femme',
    non_binary: 'Non binaire',
    self_describe: 'Je préfère me décrire moi-même',
    prefer_not: 'Je préfère ne pas répondre',
  },
});

export const languageLabels = defineStrings({
  en: { en: 'English', fr: 'French' },
  fr: { en: 'Anglais', fr: 'Français' },
});

export const communicationLabels = defineStrings({
  en: { email: 'Email', phone: 'Phone', mail: 'Mail' },
  fr: { email: 'Courriel', phone: 'Téléphone', mail: 'Courrier' },
});

export const provinceLabels = defineStrings({
  en: {
    NB: 'New Brunswick',
    NS: 'Nova Scotia',
    PE: 'Prince Edward Island',
    NL: 'Newfoundland and Labrador',
    QC: 'Quebec',
    ON: 'Ontario',
    MB: 'Manitoba',
    SK: 'Saskatchewan',
    AB: 'Alberta',
    BC: 'British Columbia',
    YT: 'Yukon',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
  },
  fr: {
    NB: 'Nouveau-Brunswick',
    NS: 'Nouvelle-Écosse',
    PE: 'Île-du-Prince-Édouard',
    NL: 'Terre-Neuve-et-Labrador',
    QC: 'Québec',
    ON: 'Ontario',
    MB: 'Manitoba',
    SK: 'Saskatchewan',
    AB: 'Alberta',
    BC: 'Colombie-Britannique',
    YT: 'Yukon',
    NT: 'Territoires du Nord-Ouest',
    NU: 'Nunavut',
  },
});

export const relationshipLabels = defineStrings({
  en: {
    spouse: 'Spouse/Partner',
    child: 'Child',
    parent: 'Parent',
    other_relative: 'Other Relative',
    other_non_relative: 'Other Non-Relative',
    other_relative_partner: 'Other Relative Partner',
    other_non_relative_partner: 'Other Non-Relative Partner',
  },
  fr: {
    spouse: 'Conjoint ou conjointe',
    child: 'Enfant',
    parent: 'Parent',
    other_relative: 'Autre membre de la famille',
    other_non_relative: 'Autre personne non apparentée',
    other_relative_partner: 'Partenaire d’un autre membre de la famille',
    other_non_relative_partner: 'Partenaire d’une autre personne non apparentée',
  },
});

export const rentalTypeLabels = defineStrings({
  en: {
    private: 'Private Landlord',
    non_profit: 'Non-Profit Housing or social housing',
    co_op: 'Co-operative Housing',
  },
  fr: {
    private: 'Propriétaire privé',
    non_profit: 'Logement sans but lucratif ou logement social',
    co_op: 'Coopérative d’habitation',
  },
});

export const yesNoLabels = defineStrings({ en: { yes: 'Yes', no: 'No' }, fr: { yes: 'Oui', no: 'Non' } });

export const incomeRowLabels = defineStrings({
  en: {
    employment: 'Regular employment (before taxes)',
    employmentInsurance: 'Employment insurance',
    selfEmployment: 'Self-employment',
    socialAssistance: 'Social assistance',
    childSupport: 'Child support received',
    alimony: 'Alimony/spousal support',
    oldAgeSecurity: 'Old age security',
    guaranteedIncomeSupplement: 'Guaranteed income supplement',
    canadaPension: 'Canada pension',
    workersCompensation: 'Workers’ compensation',
    disabilityPension: 'Disability pension',
    veteranPension: 'Veteran pension',
    otherPension: 'Other pension/benefits',
    rentalIncome: 'Rental income',
    investmentIncome: 'Interest/investment income',
  },
  fr: {
    employment: 'Emploi régulier (avant impôt)',
    employmentInsurance: 'Assurance-emploi',
    selfEmployment: 'Travail autonome',
    socialAssistance: 'Aide sociale',
    childSupport: 'Pension alimentaire pour enfants reçue',
    alimony: 'Pension alimentaire pour conjoint ou conjointe',
    oldAgeSecurity: 'Sécurité de la vieillesse',
    guaranteedIncomeSupplement: 'Supplément de revenu garanti',
    canadaPension: 'Régime de pensions du Canada',
    workersCompensation: 'Indemnités pour accident du travail',
    disabilityPension: 'Pension d’invalidité',
    veteranPension: 'Pension des anciens combattants',
    otherPension: 'Autres pensions ou prestations',
    rentalIncome: 'Revenu de location',
    investmentIncome: 'Revenu d’intérêts ou de placements',
  },
});

export const incomeColumnLabels = defineStrings({
  en: { applicant: 'Primary applicant', spouse: 'Spouse/partner', members: 'Household members 19 and over' },
  fr: {
    applicant: 'Personne qui fait la demande',
    spouse: 'Conjoint ou conjointe',
    members: 'Membres du ménage de 19 ans ou plus',
  },
});

export const marginalizedLabels = defineStrings({
  en: {
    indigenous: 'Indigenous (First Nations, Métis or Inuit)',
    racialized: 'Racialized person',
    newcomer: 'Newcomer to Canada (immigrant or refugee)',
    disability: 'Person with a disability',
    two_slgbtqi: '2SLGBTQI+ person',
    senior: 'Senior (65 or older)',
    youth: 'Young adult (19 to 29)',
    veteran: 'Veteran',
    single_parent: 'Single parent',
    fleeing_violence: 'Person leaving family violence',
    homelessness: 'Person experiencing homelessness',
    mental_health: 'Person living with mental health or substance use challenges',
    language_minority: 'Official language minority',
    prefer_not: 'Prefer not to say',
  },
  fr: {
    indigenous: 'Autochtone (Premières Nations, Métis ou Inuit)',
    racialized: 'Personne racisée',
    newcomer: 'Personne nouvellement arrivée au Canada (immigration ou refuge)',
    disability: 'Personne ayant un handicap',
    two_slgbtqi: 'Personne 2ELGBTQI+',
    senior: 'Personne aînée (65 ans ou plus)',
    youth: 'Jeune adulte (19 à 29 ans)',
    veteran: 'Ancienne ou ancien combattant',
    single_parent: 'Chef de famille monoparentale',
    fleeing_violence: 'Personne qui fuit la violence familiale',
    homelessness: 'Personne en situation d’itinérance',
    mental_health: 'Personne aux prises avec des problèmes de santé mentale ou de consommation',
    language_minority: 'Minorité de langue officielle',
    prefer_not: 'Je préfère ne pas répondre',
  },
});

export const housingSituationLabels = defineStrings({
  en: {
    cost_burden: 'Paying more than 30% of my income on rent and utilities',
    overcrowded: 'Living in a home too small for my household',
    major_repairs: 'Living in a home that needs major repairs',
    at_risk: 'At risk of losing my home',
    shelter: 'Recently homeless or staying in a shelter',
    temporary: 'Staying temporarily with family or friends',
    prefer_not: 'Prefer not to say',
  },
  fr: {
    cost_burden: 'Je consacre plus de 30 % de mon revenu au loyer et aux services publics',
    overcrowded: 'Je vis dans un logement trop petit pour mon ménage',
    major_repairs: 'Je vis dans un logement qui a besoin de réparations majeures',
    at_risk: 'Je risque de perdre mon logement',
    shelter: 'J’ai récemment été en situation d’itinérance ou je vis dans un refuge',
    temporary: 'Je loge temporairement chez de la famille ou des amis',
    prefer_not: 'Je préfère ne pas répondre',
  },
});

export const programsReceivedLabels = defineStrings({
  en: {
    social_assistance: 'Social assistance',
    child_benefit: 'Canada Child Benefit',
    employment_insurance: 'Employment insurance',
    career_development: 'Career Development Opportunities (CDO) program',
    disability_support: 'Disability Support Program',
    prefer_not: 'Prefer not to say',
  },
  fr: {
    social_assistance: 'Aide sociale',
    child_benefit: 'Allocation canadienne pour enfants',
    employment_insurance: 'Assurance-emploi',
    career_development: 'Programme Possibilités de perfectionnement professionnel (PPP)',
    disability_support: 'Programme de soutien aux personnes ayant un handicap',
    prefer_not: 'Je préfère ne pas répondre',
  },
});

export const employmentBarrierLabels = defineStrings({
  en: {
    child_care: 'No affordable child care',
    transportation: 'No transportation',
    health: 'A health condition or disability',
    language: 'Language',
    education: 'Education or training',
    experience: 'Work experience',
    caregiving: 'Caring for a family member',
    other: 'Other',
    prefer_not: 'Prefer not to say',
  },
  fr: {
    child_care: 'Pas de service de garde abordable',
    transportation: 'Pas de moyen de transport',
    health: 'Un problème de santé ou un handicap',
    language: 'La langue',
    education: 'La scolarité ou la formation',
    experience: 'L’expérience de travail',
    caregiving: 'Je prends soin d’un membre de ma famille',
    other: 'Autre',
    prefer_not: 'Je préfère ne pas répondre',
  },
});
