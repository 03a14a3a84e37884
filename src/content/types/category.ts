// Categories (taxonomy_term--categories): the listing pages programs and pages are filed under.
import { z } from 'zod';
import { DrupalJsonApiParams } from 'drupal-jsonapi-params';
import type { Lang } from '../../i18n/languages.ts';
import { typography } from '../../i18n/typography/french.ts';
import { defineSource } from '../sources.ts';
import { html, optionalFormatted, pathField, slugOf } from './fields.ts';

const rawCategory = z.object({
  id: z.string(),
  type: z.literal('taxonomy_term--categories'),
  langcode: z.enum(['en', 'fr']),
  name: z.string().min(1),
  description: optionalFormatted,
  weight: z.number().nullish(),
  path: pathField,
});

export interface CategoryEntry {
  id: string;
  lang: Lang;
  name: string;
  slug: string;
  alias: string;
  description: string;
  weight: number;
}

function toCategory(term: z.infer<typeof rawCategory>): CategoryEntry {
  return {
    id: term.id,
    lang: term.langcode,
    name: typography(term.langcode, term.name),
    slug: slugOf(term.path.alias),
    alias: term.path.alias,
    description: html(term.description, term.langcode),
    weight: term.weight ?? 0,
  };
}

export const categorySource = defineSource({
  type: 'taxonomy_term--categories',
  resource: 'taxonomy_term/categories',
  query: () => new DrupalJsonApiParams().addSort('weight').getQueryString(),
  schema: rawCategory,
  toEntry: toCategory,
});
