// What the build fetches from the CMS, one source per content type: the JSON:API resource,
// the query (Drupal filter / include syntax built with drupal-jsonapi-params), the schema
// each node must match and the mapping to the entry the pages render.
import { DrupalJsonApiParams } from 'drupal-jsonapi-params';
import type { z } from 'zod';
import type { Lang } from '../i18n/languages.ts';
import * as entries from './entries.ts';
import * as schemas from './schemas.ts';

export interface SourceContext {
  cmsBase: string;
  lang: Lang;
  /** Resolves a Drupal link field value (entity:, internal:, https:) to an href; null (and a build warning) when it cannot. */
  link: entries.LinkFn;
}

export interface DrupalSource<S extends z.ZodType = z.ZodType, E = unknown> {
  /** JSON:API type, e.g. node--program: named in error messages. */
  type: string;
  /** Path under /jsonapi/, e.g. node/program. */
  resource: string;
  query: () => string;
  schema: S;
  /** The entry, an error (the node is invalid) or null (left out; its warnings say why). */
  toEntry: (node: z.infer<S>, ctx: SourceContext) => E | { error: string } | null;
  /**
   * The site cannot exist without this content: an invalid node fails the build. Any other
   * invalid node is skipped with a build warning (see loader.ts).
   */
  required?: boolean;
}

export function defineSource<S extends z.ZodType, E>(source: DrupalSource<S, E>): DrupalSource<S, E> {
  return source;
}

const published = () => new DrupalJsonApiParams().addFilter('status', '1');

const listedIncludes = ['field_program_categories', 'field_program_image', 'field_add_an_image_large_800_x_4', 'field_pagescope'];
/** Programs, simple and complex pages: published, with categories, images and page scope. */
const listedQuery = () => published().addInclude([...listedIncludes]).addSort('title').getQueryString();

export const programSource = defineSource({
  type: 'node--program',
  resource: 'node/program',
  query: listedQuery,
  schema: schemas.rawProgram,
  toEntry: (node, { cmsBase, link }) => entries.toProgram(node, cmsBase, link),
});

export const simplePageSource = defineSource({
  type: 'node--simple_page',
  resource: 'node/simple_page',
  query: listedQuery,
  schema: schemas.rawSimplePage,
  toEntry: (node, { cmsBase }) => entries.toSimplePage(node, cmsBase),
});

export const complexPageSource = defineSource({
  type: 'node--complex_page',
  resource: 'node/complex_page',
  query: listedQuery,
  schema: schemas.rawComplexPage,
  toEntry: (node, { cmsBase }) => entries.toComplexPage(node, cmsBase),
});

export const pageSource = defineSource({
  type: 'node--page',
  resource: 'node/page',
  query: () => published().getQueryString(),
  schema: schemas.rawPage,
  toEntry: (node) => entries.toPage(node),
});

export const landingPageSource = defineSource({
  type: 'node--landing_page',
  resource: 'node/landing_page',
  // The short paths (/en/navigator, /en/housing, ...) redirect through these nodes.
  required: true,
  query: () => published().getQueryString(),
  schema: schemas.rawLandingPage,
  toEntry: (node) => entries.toLandingPage(node),
});

export const categorySource = defineSource({
  type: 'taxonomy_term--categories',
  resource: 'taxonomy_term/categories',
  query: () => new DrupalJsonApiParams().addSort('weight').getQueryString(),
  schema: schemas.rawCategory,
  toEntry: (term) => entries.toCategory(term),
});

export const vanitySource = defineSource({
  type: 'node--vanity_url',
  resource: 'node/vanity_url',
  query: () =>
    published()
      .addInclude(['field_vanity_target_link', 'field_vanity_target_link.field_internal_link'])
      .getQueryString(),
  schema: schemas.rawVanityUrl,
  toEntry: (node, { link }) => {
    const target = entries.vanityTarget(node, link);
    if (!target || 'error' in target) return target;
    return { id: node.id, lang: node.langcode, route: node.field_vanity_url, target } satisfies entries.VanityEntry;
  },
});

export const applicationButtonSource = defineSource({
  type: 'node--application_button',
  resource: 'node/application_button',
  query: () => published().getQueryString(),
  schema: schemas.rawApplicationButton,
  toEntry: (node, { link }) => entries.toApplicationButton(node, link),
});

export const facilitySource = defineSource({
  type: 'node--facility',
  resource: 'node/facility',
  query: () => published().addSort('title').getQueryString(),
  schema: schemas.rawFacility,
  toEntry: (node) => entries.toFacility(node),
});

export const screeningSource = defineSource({
  type: 'node--screening',
  resource: 'node/screening',
  required: true,
  query: () => published().getQueryString(),
  schema: schemas.rawScreening,
  toEntry: (node, { link }) => entries.toScreening(node, link),
});

export const calculatorSettingsSource = defineSource({
  type: 'node--calculator_settings',
  resource: 'node/calculator_settings',
  required: true,
  query: () => published().getQueryString(),
  schema: schemas.rawCalculatorSettings,
  toEntry: (node) => entries.toCalculatorSettings(node),
});
