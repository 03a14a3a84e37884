// The content types the site builds from, by collection name. Adding a type: write its module
// in this folder (raw schema, entry type, mapping, source) and list it here; content.config.ts
// declares a collection for every type listed.
import { applicationButtonSource } from './application-button.ts';
import { calculatorSettingsSource } from './calculator-settings.ts';
import { categorySource } from './category.ts';
import { complexPageSource } from './complex-page.ts';
import { facilitySource } from './facility.ts';
import { landingPageSource } from './landing-page.ts';
import { pageSource } from './page.ts';
import { programSource } from './program.ts';
import { screeningSource } from './screening.ts';
import { simplePageSource } from './simple-page.ts';
import { vanitySource } from './vanity-url.ts';

export const contentTypes = {
  programs: programSource,
  simplePages: simplePageSource,
  complexPages: complexPageSource,
  pages: pageSource,
  landingPages: landingPageSource,
  categories: categorySource,
  vanities: vanitySource,
  applicationButtons: applicationButtonSource,
  facilities: facilitySource,
  screenings: screeningSource,
  calculatorSettings: calculatorSettingsSource,
};
