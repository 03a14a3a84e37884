// Simple pages (node--simple_page): listed content with one body.
import type { z } from 'zod';
import { defineSource, type SourceContext } from '../sources.ts';
import { html, optionalFormatted } from './fields.ts';
import { listed, listedNode, listedQuery, type ListedEntry } from './listed.ts';

export const rawSimplePage = listedNode.extend({ body: optionalFormatted });

export interface SimplePageEntry extends ListedEntry {
  kind: 'simple_page';
  body: string;
}

function toSimplePage(node: z.infer<typeof rawSimplePage>, ctx: SourceContext): SimplePageEntry {
  return { ...listed(node, ctx), kind: 'simple_page', body: html(node.body, node.langcode) };
}

export const simplePageSource = defineSource({
  type: 'node--simple_page',
  resource: 'node/simple_page',
  query: listedQuery,
  schema: rawSimplePage,
  toEntry: toSimplePage,
});
