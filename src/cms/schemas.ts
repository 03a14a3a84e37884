// zod schemas of the CMS content the site uses, in the shape the deserializer produces
// (attributes at the top level, relationships resolved). Unknown Drupal fields pass through
// untouched; the fields we use are checked strictly so a malformed node fails the build.
import { z } from 'zod';
import { finderTags, type FinderTag } from '../logic/finder/questions.ts';
import { conflictingTags } from '../logic/finder/rules.ts';

export const formattedText = z.object({
  value: z.string(),
  format: z.string().nullish(),
  processed: z.string().nullish(),
});
const optionalFormatted = formattedText.nullish();

export const pathField = z.object({
  alias: z
    .string({ error: (issue) => (issue.input == null ? 'is empty: the node needs a URL alias (a Pathauto pattern or one set by hand)' : 'must be a path alias starting with "/"') })
    .regex(/^\/[^\s]*$/, 'must be a path alias starting with "/"'),
});

const link = z.object({ uri: z.string().min(1), title: z.string().nullish() });

const identifier = z.object({ id: z.string(), type: z.string() });

export const fileRef = identifier.extend({
  type: z.literal('file--file'),
  uri: z.object({ url: z.string().min(1) }),
  filemime: z.string().nullish(),
  meta: z
    .object({ alt: z.string().nullish(), width: z.number().nullish(), height: z.number().nullish() })
    .partial()
    .nullish(),
});

export const termRef = identifier.extend({
  name: z.string(),
  path: pathField.nullish(),
});

const pageScopeRef = identifier.extend({ field_code: z.string().nullish() });

const baseNode = z.object({
  id: z.string().uuid(),
  type: z.string(),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  title: z.string().min(1),
  changed: z.string().nullish(),
  path: pathField,
  /** Drupal's node id: Redirect module targets say internal:/node/<nid> or entity:node/<nid>. */
  drupal_internal__nid: z.number().int().nullish(),
});

const listedFields = {
  field_searchable: z.boolean().nullish(),
  field_search_keywords: z.string().nullish(),
  field_program_description: optionalFormatted,
  field_about_short_description_: z.string().nullish(),
  field_featured: z.boolean().nullish(),
  field_program_categories: z.array(termRef).default([]),
  field_program_image: fileRef.nullish(),
  field_add_an_image_large_800_x_4: fileRef.nullish(),
  field_pagescope: pageScopeRef.nullish(),
};

/** Program finder tags (list fields): answers that suggest the program, answers that rule it out. */
const finderTagList = z.array(z.enum(finderTags as [FinderTag, ...FinderTag[]], { error: (i) => `"${String(i.input)}" is not a finder answer (one of ${finderTags.join(', ')})` })).nullish();
const finderFields = { field_finder_relevant: finderTagList, field_finder_excludes: finderTagList };
function finderConflicts(node: { field_finder_relevant?: FinderTag[] | null | undefined; field_finder_excludes?: FinderTag[] | null | undefined }, ctx: z.RefinementCtx) {
  const excludes = node.field_finder_excludes ?? [];
  for (const tag of conflictingTags({ relevant: node.field_finder_relevant ?? [], excludes })) {
    ctx.addIssue({ code: 'custom', path: ['field_finder_excludes', excludes.indexOf(tag)], message: `"${tag}" is also in field_finder_relevant: an answer cannot both suggest and rule out a program` });
  }
}

export const mapTypes = ['home_support_agency', 'nursing_home', 'special_care_home', 'meals_on_wheels'] as const;

export const rawProgram = baseNode.extend({
  ...listedFields,
  field_program_type: z.enum(['government', 'community']).nullish(),
  field_about: optionalFormatted,
  field_who_qualifies: optionalFormatted,
  field_how_to_apply: optionalFormatted,
  field_apply_steps: z.array(z.string()).nullish(),
  field_what_you_need: optionalFormatted,
  field_documents: z.array(link).nullish(),
  field_faq: z.array(z.object({ question: z.string().min(1), answer: z.string() })).nullish(),
  field_contacts: optionalFormatted,
  field_map_type: z.enum(mapTypes).nullish(),
  field_related_programs: z.array(identifier).default([]),
  ...finderFields,
}).superRefine(finderConflicts);

export const rawSimplePage = baseNode.extend({ ...listedFields, body: optionalFormatted });

export const rawComplexPage = rawSimplePage.extend({
  field_sections: z.array(z.object({ heading: z.string().min(1), body: z.string() })).default([]),
});

export const rawPage = baseNode.extend({ body: optionalFormatted });

export const rawLandingPage = baseNode.extend({ body: optionalFormatted });

export const rawCategory = z.object({
  id: z.string(),
  type: z.literal('taxonomy_term--categories'),
  langcode: z.enum(['en', 'fr']),
  name: z.string().min(1),
  description: optionalFormatted,
  weight: z.number().nullish(),
  path: pathField,
});

export const rawVanityUrl = z.object({
  id: z.string(),
  type: z.literal('node--vanity_url'),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  field_vanity_url: z.string().regex(/^\/\S*$/, 'must be a route starting with "/"'),
  field_vanity_target_link: z.object({
    id: z.string(),
    field_external_link: link.nullish(),
    field_internal_link: identifier.extend({ path: pathField.nullish() }).nullish(),
  }),
});

/** Geolocation and geofield give numbers; a decimal string (a custom normalizer's) is accepted too. */
const coordinate = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a number')], { error: (issue) => (issue.input == null ? 'is required' : 'must be a number') }).pipe(z.coerce.number());

/** A place on a map page (Drupal address and geolocation/geofield shapes); must be in New Brunswick. */
export const rawFacility = z.object({
  id: z.string(),
  type: z.literal('node--facility'),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  title: z.string().min(1),
  field_facility_type: z.enum(mapTypes),
  field_address: z.object({
    address_line1: z.string().min(1),
    address_line2: z.string().nullish(),
    locality: z.string().min(1),
    administrative_area: z.literal('NB', 'must be NB'),
    postal_code: z.string().regex(/^E\d[A-Z] ?\d[A-Z]\d$/i, 'must be a New Brunswick postal code such as E1C 4B7'),
    country_code: z.literal('CA', 'must be CA').nullish(),
  }),
  field_phone: z.string().regex(/^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/, 'must be a 10-digit North American phone number'),
  field_geolocation: z.preprocess(
    // The geolocation module names the longitude `lng`, geofield names it `lon`.
    (value) => (value && typeof value === 'object' && !('lng' in value) && 'lon' in value ? { ...value, lng: (value as { lon: unknown }).lon } : value),
    z.object({
      lat: coordinate.pipe(z.number().min(44.4, 'must be inside New Brunswick').max(48.2, 'must be inside New Brunswick')),
      lng: coordinate.pipe(z.number().min(-69.2, 'must be inside New Brunswick').max(-63.6, 'must be inside New Brunswick')),
    }),
  ),
});

/** The housing benefit screening page (page type screening): named sections, checklist, portal link. */
export const rawScreening = baseNode.extend({
  type: z.literal('node--screening'),
  field_intro: z.string().nullish(),
  field_program_link_text: z.string().min(1).nullish(),
  field_about: formattedText,
  field_who_qualifies_families: formattedText,
  field_who_qualifies_individuals: formattedText,
  field_who_is_excluded: formattedText,
  field_what_to_bring: formattedText,
  field_apply_online: formattedText,
  field_apply_by_mail: formattedText,
  field_submission_options: formattedText,
  field_checklist: z.array(z.string().min(1)).min(1, 'must list at least one item'),
  field_portal_link: link.extend({ uri: z.string().regex(/^https:\/\/\S+$/, 'must be an https:// URL of the online application portal') }),
  field_other_support: z.array(link.extend({ uri: z.string().regex(/^(internal:\/|entity:(node|taxonomy_term)\/\d+$|https:\/\/)\S*$/, 'must be internal:/path or an https:// URL (or entity:node/N)') })).default([]),
  field_program: identifier.nullish(),
});

export const rawApplicationButton = z.object({
  id: z.string(),
  type: z.literal('node--application_button'),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  title: z.string().min(1),
  field_button_link: link,
  field_programs: z.array(identifier).default([]),
});

/** Drupal decimal fields arrive as strings ("18.83"), integer fields as numbers: accept both. */
const decimal = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a number')], { error: (issue) => (issue.input == null ? 'is required' : 'must be a number') })
  .pipe(z.coerce.number());
const dollars = decimal.pipe(z.number().nonnegative('must not be negative'));

/**
 * The home support calculator's parameters (node--calculator_settings, one published node; the
 * numbers are the same in both languages). Hours per level must sit in the spec's help bands.
 */
export const rawCalculatorSettings = z.object({
  id: z.string().uuid(),
  type: z.literal('node--calculator_settings'),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  title: z.string().min(1),
  changed: z.string().nullish(),
  field_sample: z.boolean(),
  field_sample_note: z.string().nullish(),
  field_hourly_rate: decimal.pipe(z.number().positive('must be more than 0')),
  field_hours_little: decimal.pipe(z.number().gt(0, 'must be more than 0').max(10, 'must be 10 or less (little help: 0 to 10 hours a week)')),
  field_hours_moderate: decimal.pipe(z.number().min(11, 'must be 11 or more (moderate help: 11 to 20 hours a week)').max(20, 'must be 20 or less (moderate help: 11 to 20 hours a week)')),
  field_hours_high: decimal.pipe(z.number().min(21, 'must be 21 or more (high help: 21 hours or more a week)').max(168, 'must be 168 or less')),
  field_allowance_single: dollars,
  field_allowance_single_one: dollars,
  field_allowance_single_many: dollars,
  field_allowance_couple: dollars,
  field_allowance_couple_one: dollars,
  field_allowance_couple_many: dollars,
  field_allowance_extra_dependent: dollars,
  field_contribution_rate: decimal.pipe(z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1')),
  field_summary_statement_link: link.extend({ uri: z.string().regex(/^https:\/\/\S+$/, 'must be an https:// URL of the summary statement site') }),
});
