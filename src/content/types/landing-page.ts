// Landing pages (node--landing_page): category introductions and the targets of the short paths.
import type { z } from 'zod';
import type { Lang } from '../../i18n/languages.ts';
import { typography } from '../../i18n/typography/french.ts';
import { defineSource, published } from '../sources.ts';
import { baseNode, html, optionalFormatted } from './fields.ts';

const rawLandingPage = baseNode.extend({ body: optionalFormatted });

interface LandingPageEntry {
  id: string;
  lang: Lang;
  title: string;
  alias: string;
  body: string;
}

function toLandingPage(node: z.infer<typeof rawLandingPage>): LandingPageEntry {
  return {
    id: node.id,
    lang: node.langcode,
    title: typography(node.langcode, node.title),
    alias: node.path.alias,
    body: html(node.body, node.langcode),
  };
}

export const landingPageSource = defineSource({
  type: 'node--landing_page',
  resource: 'node/landing_page',
  // The short paths (/en/navigator, /en/housing, ...) redirect through these nodes.
  required: true,
  query: () => published().getQueryString(),
  schema: rawLandingPage,
  toEntry: toLandingPage,
});
