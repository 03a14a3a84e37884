// Complex pages (node--complex_page): a simple page with named sections (and a table of contents).
import { z } from 'zod';
import { typography } from '../../i18n/typography/french.ts';
import { sanitize } from '../sanitize.ts';
import { defineSource, type SourceContext } from '../sources.ts';
import { html } from './fields.ts';
import { listed, listedQuery, type ListedEntry } from './listed.ts';
import { rawSimplePage } from './simple-page.ts';

const rawComplexPage = rawSimplePage.extend({
  field_sections: z.array(z.object({ heading: z.string().min(1), body: z.string() })).default([]),
});

export interface ComplexPageEntry extends ListedEntry {
  kind: 'complex_page';
  body: string;
  sections: Array<{ heading: string; body: string }>;
}

function toComplexPage(node: z.infer<typeof rawComplexPage>, ctx: SourceContext): ComplexPageEntry {
  return {
    ...listed(node, ctx),
    kind: 'complex_page',
    body: html(node.body, node.langcode),
    sections: node.field_sections.map((s) => ({
      heading: typography(node.langcode, s.heading),
      body: sanitize(s.body, node.langcode),
    })),
  };
}

export const complexPageSource = defineSource({
  type: 'node--complex_page',
  resource: 'node/complex_page',
  query: listedQuery,
  schema: rawComplexPage,
  toEntry: toComplexPage,
});
