// Content collections, each fed by a Drupal JSON:API loader (see src/cms/sources.ts).
import { defineCollection } from 'astro:content';
import { drupalLoader } from './cms/loader.ts';
import * as sources from './cms/sources.ts';
import { redirectLoader } from './cms/redirect-source.ts';

export const collections = {
  programs: defineCollection({ loader: drupalLoader(sources.programSource) }),
  simplePages: defineCollection({ loader: drupalLoader(sources.simplePageSource) }),
  complexPages: defineCollection({ loader: drupalLoader(sources.complexPageSource) }),
  pages: defineCollection({ loader: drupalLoader(sources.pageSource) }),
  landingPages: defineCollection({ loader: drupalLoader(sources.landingPageSource) }),
  categories: defineCollection({ loader: drupalLoader(sources.categorySource) }),
  vanities: defineCollection({ loader: drupalLoader(sources.vanitySource) }),
  applicationButtons: defineCollection({ loader: drupalLoader(sources.applicationButtonSource) }),
  facilities: defineCollection({ loader: drupalLoader(sources.facilitySource) }),
  screenings: defineCollection({ loader: drupalLoader(sources.screeningSource) }),
  calculatorSettings: defineCollection({ loader: drupalLoader(sources.calculatorSettingsSource) }),
  redirects: defineCollection({ loader: redirectLoader() }),
};
