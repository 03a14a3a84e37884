// What programs, simple pages and complex pages share: the fields that list them (search,
// categories, images, page scope), their query and the common part of their entries.
import { z } from 'zod';
import { cmsFilePath } from '../links.ts';
import type { Lang } from '../../i18n/languages.ts';
import { typography } from '../../i18n/typography/french.ts';
import { sanitize } from '../sanitize.ts';
import type { SourceContext } from '../sources.ts';
import { published } from '../sources.ts';
import { baseNode, fileRef, identifier, optionalFormatted, slugOf, termRef } from './fields.ts';

interface ImageEntry {
  /** The file's path (and query) on the CMS: where the build fetches it from (cmsFileAddress). */
  path: string;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
}
interface CategoryRef {
  id: string;
  name: string;
  slug: string;
}

export interface ListedEntry {
  id: string;
  /** Drupal's node id (redirect targets name nodes by it). */
  nid: number | null;
  lang: Lang;
  kind: 'program' | 'simple_page' | 'complex_page';
  title: string;
  alias: string;
  slug: string;
  changed: string | null;
  searchable: boolean;
  featured: boolean;
  keywords: string[];
  description: string;
  shortDescription: string;
  categories: CategoryRef[];
  image: ImageEntry | null;
  imageLarge: ImageEntry | null;
  pageScope: string;
}

const pageScopeRef = identifier.extend({ field_code: z.string().nullish() });

/** A node with the listing fields. */
export const listedNode = baseNode.extend({
  field_searchable: z.boolean().nullish(),
  field_search_keywords: z.string().nullish(),
  field_program_description: optionalFormatted,
  field_about_short_description_: z.string().nullish(),
  field_featured: z.boolean().nullish(),
  field_program_categories: z.array(termRef).default([]),
  field_program_image: fileRef.nullish(),
  field_add_an_image_large_800_x_4: fileRef.nullish(),
  field_pagescope: pageScopeRef.nullish(),
});

/** The relationships listed content includes (also asked for by the draft preview). */
export const listedIncludes = [
  'field_program_categories',
  'field_program_image',
  'field_add_an_image_large_800_x_4',
  'field_pagescope',
];
/** Programs, simple and complex pages: published, with categories, images and page scope. */
export const listedQuery = () =>
  published()
    .addInclude([...listedIncludes])
    .addSort('title')
    .getQueryString();

function image(
  file: z.infer<typeof fileRef> | null | undefined,
  field: string,
  { cmsBase, leftOut }: SourceContext,
): ImageEntry | null {
  if (!file) return null;
  const filePath = cmsFilePath(file.uri.url, cmsBase);
  if (!filePath) {
    leftOut(field, 'the image is not a file of the CMS (another host, file: or data:); left out', file.uri.url);
    return null;
  }
  return {
    path: filePath,
    alt: file.meta?.alt ?? '',
    width: file.meta?.width ?? undefined,
    height: file.meta?.height ?? undefined,
  };
}

function category(term: z.infer<typeof termRef>): CategoryRef {
  return { id: term.id, name: term.name, slug: term.path ? slugOf(term.path.alias) : term.id };
}

function keywords(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,;\n]/)
    .map((k) => k.trim())
    .filter(Boolean);
}

export function listed(node: z.infer<typeof listedNode>, ctx: SourceContext): Omit<ListedEntry, 'kind'> {
  return {
    id: node.id,
    nid: node.drupal_internal__nid ?? null,
    lang: node.langcode,
    title: typography(node.langcode, node.title),
    alias: node.path.alias,
    slug: slugOf(node.path.alias),
    changed: node.changed ?? null,
    searchable: node.field_searchable ?? false,
    featured: node.field_featured ?? false,
    keywords: keywords(node.field_search_keywords),
    description: sanitize(
      node.field_program_description?.processed ?? node.field_program_description?.value,
      node.langcode,
    ),
    shortDescription: typography(node.langcode, node.field_about_short_description_ ?? ''),
    categories: node.field_program_categories.map(category),
    image: image(node.field_program_image, 'field_program_image', ctx),
    imageLarge: image(node.field_add_an_image_large_800_x_4, 'field_add_an_image_large_800_x_4', ctx),
    pageScope: node.field_pagescope?.field_code ?? 's',
  };
}
