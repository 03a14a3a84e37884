// The housing benefit screening page (node--screening, required): named sections, checklist, portal link.
import { z } from 'zod';
import type { Lang } from '../../i18n/languages.ts';
import { typography } from '../../i18n/typography/french.ts';
import { defineSource, published, type SourceContext } from '../sources.ts';
import { baseNode, formattedText, html, identifier, link } from './fields.ts';

const rawScreening = baseNode.extend({
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
  field_portal_link: link.extend({
    uri: z.string().regex(/^https:\/\/\S+$/, 'must be an https:// URL of the online application portal'),
  }),
  field_other_support: z
    .array(
      link.extend({
        uri: z
          .string()
          .regex(
            /^(internal:\/|entity:(node|taxonomy_term)\/\d+$|https:\/\/)\S*$/,
            'must be internal:/path or an https:// URL (or entity:node/N)',
          ),
      }),
    )
    .default([]),
  field_program: identifier.nullish(),
});

export interface ScreeningEntry {
  id: string;
  lang: Lang;
  title: string;
  alias: string;
  changed: string | null;
  intro: string;
  /** Text of the link from the program page (field_program), when set. */
  programLinkText: string | null;
  programId: string | null;
  about: string;
  whoQualifiesFamilies: string;
  whoQualifiesIndividuals: string;
  whoIsExcluded: string;
  whatToBring: string;
  applyOnline: string;
  applyByMail: string;
  submissionOptions: string;
  checklist: string[];
  portalUrl: string;
  /** Other-support links, resolved (entity:node/N and internal:/node/N become the node's alias in this language). */
  otherSupport: Array<{ href: string; title: string }>;
}

function toScreening(node: z.infer<typeof rawScreening>, { link }: SourceContext): ScreeningEntry {
  const lang = node.langcode;
  return {
    id: node.id,
    lang,
    title: typography(lang, node.title),
    alias: node.path.alias,
    changed: node.changed ?? null,
    intro: typography(lang, node.field_intro ?? ''),
    programLinkText: node.field_program_link_text ? typography(lang, node.field_program_link_text) : null,
    programId: node.field_program?.id ?? null,
    about: html(node.field_about, lang),
    whoQualifiesFamilies: html(node.field_who_qualifies_families, lang),
    whoQualifiesIndividuals: html(node.field_who_qualifies_individuals, lang),
    whoIsExcluded: html(node.field_who_is_excluded, lang),
    whatToBring: html(node.field_what_to_bring, lang),
    applyOnline: html(node.field_apply_online, lang),
    applyByMail: html(node.field_apply_by_mail, lang),
    submissionOptions: html(node.field_submission_options, lang),
    checklist: node.field_checklist.map((item) => typography(lang, item)),
    portalUrl: node.field_portal_link.uri,
    otherSupport: node.field_other_support.flatMap((l, i) => {
      const href = link(l.uri, `field_other_support[${i}].uri`);
      return href ? [{ href, title: l.title ? typography(lang, l.title) : href }] : [];
    }),
  };
}

export const screeningSource = defineSource({
  type: 'node--screening',
  resource: 'node/screening',
  required: true,
  query: () => published().getQueryString(),
  schema: rawScreening,
  toEntry: toScreening,
});
