// The fixed choices of the housing benefit registration form, as stored values: they never change
// with the language. Their labels are the island's (src/features/chb-registration/option-strings.ts).

export const genders = ['male', 'female', 'non_binary', 'self_describe', 'prefer_not'] as const;

export const officialLanguages = ['en', 'fr'] as const;

export const communicationMethods = ['email', 'phone', 'mail'] as const;

export const provinces = ['NB', 'NS', 'PE', 'NL', 'QC', 'ON', 'MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU'] as const;

export const relationships = [
  'spouse',
  'child',
  'parent',
  'other_relative',
  'other_non_relative',
  'other_relative_partner',
  'other_non_relative_partner',
] as const;

export const rentalTypes = ['private', 'non_profit', 'co_op'] as const;

export const yesNo = ['yes', 'no'] as const;

export const incomeRows = [
  'employment',
  'employmentInsurance',
  'selfEmployment',
  'socialAssistance',
  'childSupport',
  'alimony',
  'oldAgeSecurity',
  'guaranteedIncomeSupplement',
  'canadaPension',
  'workersCompensation',
  'disabilityPension',
  'veteranPension',
  'otherPension',
  'rentalIncome',
  'investmentIncome',
] as const;
export type IncomeRow = (typeof incomeRows)[number];

export const incomeColumns = ['applicant', 'spouse', 'members'] as const;
export type IncomeColumn = (typeof incomeColumns)[number];

/** 'prefer_not' is in every optional list and excludes the other answers. */
export const PREFER_NOT = 'prefer_not';

export const marginalizedGroups = [
  'indigenous',
  'racialized',
  'newcomer',
  'disability',
  'two_slgbtqi',
  'senior',
  'youth',
  'veteran',
  'single_parent',
  'fleeing_violence',
  'homelessness',
  'mental_health',
  'language_minority',
  PREFER_NOT,
] as const;

export const housingSituations = [
  'cost_burden',
  'overcrowded',
  'major_repairs',
  'at_risk',
  'shelter',
  'temporary',
  PREFER_NOT,
] as const;

export const programsReceived = [
  'social_assistance',
  'child_benefit',
  'employment_insurance',
  'career_development',
  'disability_support',
  PREFER_NOT,
] as const;

export const employmentBarriers = [
  'child_care',
  'transportation',
  'health',
  'language',
  'education',
  'experience',
  'caregiving',
  'other',
  PREFER_NOT,
] as const;

export const uploadGroups = ['directDeposit', 'rental', 'employment', 'householdIncome'] as const;
export type UploadGroup = (typeof uploadGroups)[number];

export const MAX_JOBS = 3;
export const MAX_MEMBERS = 15;
