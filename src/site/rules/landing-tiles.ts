// The landing page tiles of spec section 2, by their English alias (French follows the node).
export const landingTiles = [
  '/program/disability-support-program',
  '/program/home-support-services',
  '/program/canada-housing-benefit-chb',
  '/program/public-housing-and-rent-supplement-programs',
  '/program/homeowner-repair-and-landlord-programs',
  '/program/social-assistance-program',
  '/program/career-development-opportunities-cdo-program',
  '/program/family-supports-children-disabilities-program',
  '/program/how-report-abuse-assault-or-neglect',
  '/program/prescription-drug-plans',
  '/program/red-cross-equipment-loan-programs',
  '/program/healthy-smiles-clear-vision-program',
  '/simple_page/senior-financial-abuse',
  '/simple_page/intimate-partner-violence',
];
