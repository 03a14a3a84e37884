// The fixed choices of the housing benefit registration form, as stored values with their
// English and French labels side by side. The stored values never change with the language.
import type { Lang } from '../../i18n/languages.ts';
import { frenchStrings } from '../typography/french.ts';

type Labels<K extends string> = Record<Lang, Record<K, string>>;

export const genders = ['male', 'female', 'non_binary', 'self_describe', 'prefer_not'] as const;
export const genderLabels: Labels<(typeof genders)[number]> = {
  en: { male: 'Male', female: 'Female', non_binary: 'Non Binary', self_describe: 'Prefer to self-describe', prefer_not: 'Prefer not to say' },
  fr: frenchStrings({ male: 'Homme', female: 'Femme', non_binary: 'Non binaire', self_describe: 'Je préfère me décrire moi-même', prefer_not: 'Je préfère ne pas répondre' }),
};

export const officialLanguages = ['en', 'fr'] as const;
export const languageLabels: Labels<(typeof officialLanguages)[number]> = {
  en: { en: 'English', fr: 'French' },
  fr: frenchStrings({ en: 'Anglais', fr: 'Français' }),
};

export const communicationMethods = ['email', 'phone', 'mail'] as const;
export const communicationLabels: Labels<(typeof communicationMethods)[number]> = {
  en: { email: 'Email', phone: 'Phone', mail: 'Mail' },
  fr: frenchStrings({ email: 'Courriel', phone: 'Téléphone', mail: 'Courrier' }),
};

export const provinces = ['NB', 'NS', 'PE', 'NL', 'QC', 'ON', 'MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU'] as const;
export const provinceLabels: Labels<(typeof provinces)[number]> = {
  en: { NB: 'New Brunswick', NS: 'Nova Scotia', PE: 'Prince Edward Island', NL: 'Newfoundland and Labrador', QC: 'Quebec', ON: 'Ontario', MB: 'Manitoba', SK: 'Saskatchewan', AB: 'Alberta', BC: 'British Columbia', YT: 'Yukon', NT: 'Northwest Territories', NU: 'Nunavut' },
  fr: frenchStrings({ NB: 'Nouveau-Brunswick', NS: 'Nouvelle-Écosse', PE: 'Île-du-Prince-Édouard', NL: 'Terre-Neuve-et-Labrador', QC: 'Québec', ON: 'Ontario', MB: 'Manitoba', SK: 'Saskatchewan', AB: 'Alberta', BC: 'Colombie-Britannique', YT: 'Yukon', NT: 'Territoires du Nord-Ouest', NU: 'Nunavut' }),
};

export const relationships = ['spouse', 'child', 'parent', 'other_relative', 'other_non_relative', 'other_relative_partner', 'other_non_relative_partner'] as const;
export const relationshipLabels: Labels<(typeof relationships)[number]> = {
  en: { spouse: 'Spouse/Partner', child: 'Child', parent: 'Parent', other_relative: 'Other Relative', other_non_relative: 'Other Non-Relative', other_relative_partner: 'Other Relative Partner', other_non_relative_partner: 'Other Non-Relative Partner' },
  fr: frenchStrings({ spouse: 'Conjoint ou conjointe', child: 'Enfant', parent: 'Parent', other_relative: 'Autre membre de la famille', other_non_relative: 'Autre personne non apparentée', other_relative_partner: 'Partenaire d’un autre membre de la famille', other_non_relative_partner: 'Partenaire d’une autre personne non apparentée' }),
};

export const rentalTypes = ['private', 'non_profit', 'co_op'] as const;
export const rentalTypeLabels: Labels<(typeof rentalTypes)[number]> = {
  en: { private: 'Private Landlord', non_profit: 'Non-Profit Housing or social housing', co_op: 'Co-operative Housing' },
  fr: frenchStrings({ private: 'Propriétaire privé', non_profit: 'Logement sans but lucratif ou logement social', co_op: 'Coopérative d’habitation' }),
};

export const yesNo = ['yes', 'no'] as const;
export const yesNoLabels: Labels<(typeof yesNo)[number]> = { en: { yes: 'Yes', no: 'No' }, fr: { yes: 'Oui', no: 'Non' } };

export const incomeRows = [
  'employment', 'employmentInsurance', 'selfEmployment', 'socialAssistance', 'childSupport', 'alimony', 'oldAgeSecurity',
  'guaranteedIncomeSupplement', 'canadaPension', 'workersCompensation', 'disabilityPension', 'veteranPension', 'otherPension',
  'rentalIncome', 'investmentIncome',
] as const;
export type IncomeRow = (typeof incomeRows)[number];
export const incomeRowLabels: Labels<IncomeRow> = {
  en: {
    employment: 'Regular employment (before taxes)', employmentInsurance: 'Employment insurance', selfEmployment: 'Self-employment',
    socialAssistance: 'Social assistance', childSupport: 'Child support received', alimony: 'Alimony/spousal support',
    oldAgeSecurity: 'Old age security', guaranteedIncomeSupplement: 'Guaranteed income supplement', canadaPension: 'Canada pension',
    workersCompensation: 'Workers’ compensation', disabilityPension: 'Disability pension', veteranPension: 'Veteran pension',
    otherPension: 'Other pension/benefits', rentalIncome: 'Rental income', investmentIncome: 'Interest/investment income',
  },
  fr: frenchStrings({
    employment: 'Emploi régulier (avant impôt)', employmentInsurance: 'Assurance-emploi', selfEmployment: 'Travail autonome',
    socialAssistance: 'Aide sociale', childSupport: 'Pension alimentaire pour enfants reçue', alimony: 'Pension alimentaire pour conjoint ou conjointe',
    oldAgeSecurity: 'Sécurité de la vieillesse', guaranteedIncomeSupplement: 'Supplément de revenu garanti', canadaPension: 'Régime de pensions du Canada',
    workersCompensation: 'Indemnités pour accident du travail', disabilityPension: 'Pension d’invalidité', veteranPension: 'Pension des anciens combattants',
    otherPension: 'Autres pensions ou prestations', rentalIncome: 'Revenu de location', investmentIncome: 'Revenu d’intérêts ou de placements',
  }),
};

export const incomeColumns = ['applicant', 'spouse', 'members'] as const;
export type IncomeColumn = (typeof incomeColumns)[number];
export const incomeColumnLabels: Labels<IncomeColumn> = {
  en: { applicant: 'Primary applicant', spouse: 'Spouse/partner', members: 'Household members 19 and over' },
  fr: frenchStrings({ applicant: 'Personne qui fait la demande', spouse: 'Conjoint ou conjointe', members: 'Membres du ménage de 19 ans ou plus' }),
};

/** 'prefer_not' is in every optional list and excludes the other answers. */
export const PREFER_NOT = 'prefer_not';

export const marginalizedGroups = [
  'indigenous', 'racialized', 'newcomer', 'disability', 'two_slgbtqi', 'senior', 'youth', 'veteran', 'single_parent',
  'fleeing_violence', 'homelessness', 'mental_health', 'language_minority', PREFER_NOT,
] as const;
export const marginalizedLabels: Labels<(typeof marginalizedGroups)[number]> = {
  en: {
    indigenous: 'Indigenous (First Nations, Métis or Inuit)', racialized: 'Racialized person', newcomer: 'Newcomer to Canada (immigrant or refugee)',
    disability: 'Person with a disability', two_slgbtqi: '2SLGBTQI+ person', senior: 'Senior (65 or older)', youth: 'Young adult (19 to 29)',
    veteran: 'Veteran', single_parent: 'Single parent', fleeing_violence: 'Person leaving family violence', homelessness: 'Person experiencing homelessness',
    mental_health: 'Person living with mental health or substance use challenges', language_minority: 'Official language minority',
    prefer_not: 'Prefer not to say',
  },
  fr: frenchStrings({
    indigenous: 'Autochtone (Premières Nations, Métis ou Inuit)', racialized: 'Personne racisée', newcomer: 'Personne nouvellement arrivée au Canada (immigration ou refuge)',
    disability: 'Personne handicapée', two_slgbtqi: 'Personne 2ELGBTQI+', senior: 'Personne aînée (65 ans ou plus)', youth: 'Jeune adulte (19 à 29 ans)',
    veteran: 'Ancienne ou ancien combattant', single_parent: 'Chef de famille monoparentale', fleeing_violence: 'Personne qui fuit la violence familiale', homelessness: 'Personne en situation d’itinérance',
    mental_health: 'Personne aux prises avec des problèmes de santé mentale ou de consommation', language_minority: 'Minorité de langue officielle',
    prefer_not: 'Je préfère ne pas répondre',
  }),
};

export const housingSituations = ['cost_burden', 'overcrowded', 'major_repairs', 'at_risk', 'shelter', 'temporary', PREFER_NOT] as const;
export const housingSituationLabels: Labels<(typeof housingSituations)[number]> = {
  en: {
    cost_burden: 'Paying more than 30% of my income on rent and utilities', overcrowded: 'Living in a home too small for my household',
    major_repairs: 'Living in a home that needs major repairs', at_risk: 'At risk of losing my home', shelter: 'Recently homeless or staying in a shelter',
    temporary: 'Staying temporarily with family or friends', prefer_not: 'Prefer not to say',
  },
  fr: frenchStrings({
    cost_burden: 'Je consacre plus de 30 % de mon revenu au loyer et aux services publics', overcrowded: 'Je vis dans un logement trop petit pour mon ménage',
    major_repairs: 'Je vis dans un logement qui a besoin de réparations majeures', at_risk: 'Je risque de perdre mon logement', shelter: 'J’ai récemment été en situation d’itinérance ou je vis dans un refuge',
    temporary: 'Je loge temporairement chez de la famille ou des amis', prefer_not: 'Je préfère ne pas répondre',
  }),
};

export const programsReceived = ['social_assistance', 'child_benefit', 'employment_insurance', 'career_development', 'disability_support', PREFER_NOT] as const;
export const programsReceivedLabels: Labels<(typeof programsReceived)[number]> = {
  en: {
    social_assistance: 'Social assistance', child_benefit: 'Canada Child Benefit', employment_insurance: 'Employment insurance',
    career_development: 'Career Development Opportunities (CDO) program', disability_support: 'Disability Support Program', prefer_not: 'Prefer not to say',
  },
  fr: frenchStrings({
    social_assistance: 'Aide sociale', child_benefit: 'Allocation canadienne pour enfants', employment_insurance: 'Assurance-emploi',
    career_development: 'Programme Possibilités de perfectionnement professionnel (PPP)', disability_support: 'Programme de soutien aux personnes ayant un handicap', prefer_not: 'Je préfère ne pas répondre',
  }),
};

export const employmentBarriers = ['child_care', 'transportation', 'health', 'language', 'education', 'experience', 'caregiving', 'other', PREFER_NOT] as const;
export const employmentBarrierLabels: Labels<(typeof employmentBarriers)[number]> = {
  en: {
    child_care: 'No affordable child care', transportation: 'No transportation', health: 'A health condition or disability', language: 'Language',
    education: 'Education or training', experience: 'Work experience', caregiving: 'Caring for a family member', other: 'Other', prefer_not: 'Prefer not to say',
  },
  fr: frenchStrings({
    child_care: 'Pas de service de garde abordable', transportation: 'Pas de moyen de transport', health: 'Un problème de santé ou un handicap', language: 'La langue',
    education: 'La scolarité ou la formation', experience: 'L’expérience de travail', caregiving: 'Je prends soin d’un membre de ma famille', other: 'Autre', prefer_not: 'Je préfère ne pas répondre',
  }),
};

export const uploadGroups = ['directDeposit', 'rental', 'employment', 'householdIncome'] as const;
export type UploadGroup = (typeof uploadGroups)[number];

export const MAX_JOBS = 3;
export const MAX_MEMBERS = 15;
