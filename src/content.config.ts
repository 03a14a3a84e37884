// Content collections: one per content type (src/content/types/), each fed by a Drupal JSON:API
// loader, and the Redirect module's redirects. A collection's schema gives getCollection its entry
// type: the loader stores entries that the type's own raw schema validated and its mapping built,
// so they are not parsed again.
import { defineCollection } from 'astro:content';
import { z } from 'zod';
import { drupalLoader } from './content/loader.ts';
import { redirectLoader, type CmsRedirectEntry } from './content/redirect-source.ts';
import type { DrupalSource } from './content/sources.ts';
import { contentTypes as types } from './content/types/index.ts';

const collection = <S extends z.ZodType, E extends object>(source: DrupalSource<S, E>) =>
  defineCollection({ loader: drupalLoader(source), schema: z.custom<E>() });

export const collections = {
  programs: collection(types.programs),
  simplePages: collection(types.simplePages),
  complexPages: collection(types.complexPages),
  pages: collection(types.pages),
  landingPages: collection(types.landingPages),
  categories: collection(types.categories),
  vanities: collection(types.vanities),
  applicationButtons: collection(types.applicationButtons),
  facilities: collection(types.facilities),
  screenings: collection(types.screenings),
  calculatorSettings: collection(types.calculatorSettings),
  redirects: defineCollection({ loader: redirectLoader(), schema: z.custom<CmsRedirectEntry>() }),
} satisfies Record<keyof typeof types | 'redirects', unknown>;
