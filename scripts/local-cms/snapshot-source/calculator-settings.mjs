// The home support calculator's parameters (node--calculator_settings). SAMPLE FIGURES: the
// department's own rate table is not public. Anchored on public facts: the province paid home
// support agencies $16.33 an hour in 2014 and added $2.50 an hour in 2023 (16.33 + 2.50 = 18.83).
// Replace them with the department's table in the real CMS (and set field_sample to false).
export const calculatorSettings = {
  hourlyRate: '18.83', // Drupal decimal fields come as strings
  hours: { little: 10, moderate: 20, high: 30 },
  allowance: {
    single: 16000,
    single_one: 22000,
    single_many: 26000,
    couple: 24000,
    couple_one: 28000,
    couple_many: 32000,
  },
  extraDependent: 3000,
  contributionRate: '0.50',
  // Service New Brunswick's page in each language (its French address has f where English has e).
  summaryStatement: {
    en: 'https://www.pxw1.snb.ca/snb7001/e/2000/2500e.asp',
    fr: 'https://www.pxw1.snb.ca/snb7001/f/2000/2500f.asp',
  },
  title: {
    en: 'Home support calculator settings (sample figures)',
    fr: 'Paramètres de la calculatrice de soutien à domicile (chiffres d’exemple)',
  },
  note: {
    en: 'These figures are samples, to be replaced by the department’s rate table.',
    fr: 'Ces chiffres sont des exemples, à remplacer par le barème du ministère.',
  },
};
