// Application buttons (node--application_button): an "apply" link shown on the programs it names.
import { z } from 'zod';
import type { Lang } from '../../i18n/languages.ts';
import { typography } from '../../i18n/typography/french.ts';
import { defineSource, published, type SourceContext } from '../sources.ts';
import { identifier, link } from './fields.ts';

const rawApplicationButton = z.object({
  id: z.string(),
  type: z.literal('node--application_button'),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  title: z.string().min(1),
  field_button_link: link,
  field_programs: z.array(identifier).default([]),
});

export interface ApplicationButtonEntry {
  id: string;
  lang: Lang;
  title: string;
  url: string;
  programIds: string[];
}

function toApplicationButton(
  node: z.infer<typeof rawApplicationButton>,
  { link }: SourceContext,
): ApplicationButtonEntry | null {
  const url = link(node.field_button_link.uri, 'field_button_link.uri');
  return url
    ? {
        id: node.id,
        lang: node.langcode,
        title: typography(node.langcode, node.title),
        url,
        programIds: node.field_programs.map((p) => p.id),
      }
    : null;
}

export const applicationButtonSource = defineSource({
  type: 'node--application_button',
  resource: 'node/application_button',
  query: () => published().getQueryString(),
  schema: rawApplicationButton,
  toEntry: toApplicationButton,
});
