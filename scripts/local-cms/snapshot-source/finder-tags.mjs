// Program finder tags per program (English slug): `relevant` answers suggest the program,
// `excludes` answers rule it out (ids in src/features/finder/rules/questions.ts). generate.mjs writes them
// to field_finder_relevant and field_finder_excludes of both languages and fails on a program
// missing here. Chosen from each program's public "who it is for"; a program that is not a
// support for the person answering (foster care, adoption) has no relevant tag, so the finder
// never suggests it.
export const finderTags = {
  'disability-support-program': {
    relevant: ['adult-disability', 'need-home-support'],
    excludes: ['age-under-19', 'age-65-plus', 'long-term-care'],
  },
  'home-support-services': {
    relevant: ['need-home-support', 'adult-disability'],
    excludes: ['no-stable-housing', 'long-term-care'],
  },
  'canada-housing-benefit-chb': {
    relevant: ['rent', 'working'],
    excludes: ['age-under-19', 'own', 'no-stable-housing', 'long-term-care', 'social-assistance'],
  },
  'public-housing-and-rent-supplement-programs': {
    relevant: ['rent', 'no-stable-housing', 'need-money'],
    excludes: ['age-under-19', 'own', 'long-term-care'],
  },
  'homeowner-repair-and-landlord-programs': {
    relevant: ['own'],
    excludes: ['rent', 'no-stable-housing', 'long-term-care'],
  },
  'social-assistance-program': {
    relevant: ['no-stable-housing', 'not-working', 'social-assistance', 'need-money'],
    excludes: [],
  },
  'career-development-opportunities-cdo-program': {
    relevant: ['social-assistance', 'need-work'],
    excludes: ['age-65-plus', 'long-term-care'],
  },
  'family-supports-children-disabilities-program': { relevant: ['child-disability'], excludes: ['alone'] },
  'how-report-abuse-assault-or-neglect': { relevant: ['need-safety'], excludes: [] },
  'prescription-drug-plans': { relevant: ['age-65-plus', 'need-health'], excludes: [] },
  'red-cross-equipment-loan-programs': {
    relevant: ['adult-disability', 'need-home-support', 'need-health'],
    excludes: [],
  },
  'healthy-smiles-clear-vision-program': {
    relevant: ['children-under-12', 'children-12-18'],
    excludes: ['alone', 'long-term-care'],
  },
  'nursing-homes': { relevant: ['long-term-care', 'need-home-support'], excludes: ['age-under-19'] },
  'special-care-homes': { relevant: ['long-term-care', 'need-home-support'], excludes: ['age-under-19'] },
  'meals-on-wheels': {
    relevant: ['age-65-plus', 'need-home-support'],
    excludes: ['no-stable-housing', 'long-term-care'],
  },
  'long-term-care-assessment': { relevant: ['long-term-care', 'need-home-support'], excludes: ['age-under-19'] },
  'low-income-seniors-benefit': { relevant: ['age-65-plus', 'pension'], excludes: ['age-under-19'] },
  'seniors-home-renovation': {
    relevant: ['age-65-plus', 'own'],
    excludes: ['age-under-19', 'age-19-64', 'rent', 'no-stable-housing', 'long-term-care'],
  },
  'wheelchair-and-seating-program': { relevant: ['child-disability', 'adult-disability', 'need-health'], excludes: [] },
  'daycare-assistance-program': { relevant: ['children-under-12'], excludes: ['alone'] },
  'adult-protective-services': { relevant: ['need-safety'], excludes: ['age-under-19'] },
  'child-protection-services': { relevant: ['need-safety'], excludes: ['alone', 'long-term-care'] },
  'transition-houses': { relevant: ['no-stable-housing', 'need-safety'], excludes: ['long-term-care'] },
  'family-violence-outreach': { relevant: ['need-safety'], excludes: [] },
  'emergency-shelters': { relevant: ['no-stable-housing'], excludes: ['own', 'long-term-care'] },
  'extended-health-benefits': { relevant: ['social-assistance'], excludes: [] },
  'food-banks': { relevant: ['no-stable-housing', 'not-working', 'social-assistance', 'need-money'], excludes: [] },
  'wellness-programs-for-seniors': { relevant: ['age-65-plus'], excludes: ['age-under-19', 'age-19-64'] },
  'tele-care-811': { relevant: ['need-health'], excludes: [] },
  '211-new-brunswick': {
    relevant: ['need-money', 'need-home-support', 'need-health', 'need-safety', 'need-work'],
    excludes: [],
  },
  'youth-engagement-services': {
    relevant: ['age-under-19'],
    excludes: ['age-19-64', 'age-65-plus', 'own', 'long-term-care'],
  },
  'foster-care': { relevant: [], excludes: [] },
  'adoption-services': { relevant: [], excludes: [] },
  'post-secondary-education-training-and-labour': { relevant: ['need-work'], excludes: ['long-term-care'] },
  'supported-living': { relevant: ['adult-disability'], excludes: ['age-under-19', 'long-term-care'] },
  'heating-assistance': { relevant: ['need-money'], excludes: ['no-stable-housing', 'long-term-care'] },
  'caregiver-respite': {
    relevant: ['child-disability', 'adult-disability', 'need-home-support'],
    excludes: ['long-term-care'],
  },
  'mental-health-and-addictions': { relevant: ['need-health', 'need-safety'], excludes: [] },
  'legal-aid-family': { relevant: ['need-safety'], excludes: [] },
  'transportation-for-seniors': { relevant: ['age-65-plus', 'adult-disability'], excludes: [] },
  'energy-efficiency-low-income': {
    relevant: ['own', 'need-money'],
    excludes: ['no-stable-housing', 'long-term-care'],
  },
  'volunteer-income-tax-clinics': { relevant: ['pension', 'need-money'], excludes: [] },
  'seniors-rent-supplement-pilot': { relevant: ['age-65-plus', 'rent'], excludes: ['own'] },
  'winter-warming-centres': { relevant: ['no-stable-housing'], excludes: [] },
  'covid-19-income-support': { relevant: ['need-money'], excludes: [] },
};
