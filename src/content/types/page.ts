// Basic pages (node--page): a title and a body, not listed or searchable.
import type { z } from 'zod';
import type { Lang } from '../../i18n/languages.ts';
import { typography } from '../../i18n/typography/french.ts';
import { defineSource, published } from '../sources.ts';
import { baseNode, html, optionalFormatted, slugOf } from './fields.ts';

const rawPage = baseNode.extend({ body: optionalFormatted });

export interface PageEntry {
  id: string;
  nid: number | null;
  lang: Lang;
  title: string;
  alias: string;
  slug: string;
  changed: string | null;
  body: string;
}

function toPage(node: z.infer<typeof rawPage>): PageEntry {
  return {
    id: node.id,
    nid: node.drupal_internal__nid ?? null,
    lang: node.langcode,
    title: typography(node.langcode, node.title),
    alias: node.path.alias,
    slug: slugOf(node.path.alias),
    changed: node.changed ?? null,
    body: html(node.body, node.langcode),
  };
}

export const pageSource = defineSource({
  type: 'node--page',
  resource: 'node/page',
  query: () => published().getQueryString(),
  schema: rawPage,
  toEntry: toPage,
});
