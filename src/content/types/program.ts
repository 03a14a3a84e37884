// Programs (node--program): the site's main content, with finder tags and related programs.
import { z } from 'zod';
import { finderTags, type FinderTag } from '../../features/finder/rules/questions.ts';
import { conflictingTags } from '../../features/finder/rules/rules.ts';
import { typography } from '../../i18n/typography/french.ts';
import { sanitize } from '../sanitize.ts';
import { defineSource, type SourceContext } from '../sources.ts';
import { html, identifier, link, optionalFormatted } from './fields.ts';
import { mapTypes } from './facility.ts';
import { listed, listedNode, listedQuery, type ListedEntry } from './listed.ts';

/** Program finder tags (list fields): answers that suggest the program, answers that rule it out. */
const finderTagList = z
  .array(
    z.enum(finderTags as [FinderTag, ...FinderTag[]], {
      error: (i) => `"${String(i.input)}" is not a finder answer (one of ${finderTags.join(', ')})`,
    }),
  )
  .nullish();
const finderFields = { field_finder_relevant: finderTagList, field_finder_excludes: finderTagList };
function finderConflicts(
  node: {
    field_finder_relevant?: FinderTag[] | null | undefined;
    field_finder_excludes?: FinderTag[] | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const excludes = node.field_finder_excludes ?? [];
  for (const tag of conflictingTags({ relevant: node.field_finder_relevant ?? [], excludes })) {
    ctx.addIssue({
      code: 'custom',
      path: ['field_finder_excludes', excludes.indexOf(tag)],
      message: `"${tag}" is also in field_finder_relevant: an answer cannot both suggest and rule out a program`,
    });
  }
}

const rawProgram = listedNode
  .extend({
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
  })
  .superRefine(finderConflicts);

export interface ProgramEntry extends ListedEntry {
  kind: 'program';
  programType: 'government' | 'community';
  about: string;
  whoQualifies: string;
  howToApply: string;
  applySteps: string[];
  whatYouNeed: string;
  documents: Array<{ url: string; title: string }>;
  faq: Array<{ question: string; answer: string }>;
  contacts: string;
  mapType: string | null;
  related: string[];
  /** Program finder tags; a program with no relevant tag is never suggested. */
  finder: { relevant: FinderTag[]; excludes: FinderTag[] };
}

function toProgram(node: z.infer<typeof rawProgram>, ctx: SourceContext): ProgramEntry {
  const { link } = ctx;
  return {
    ...listed(node, ctx),
    kind: 'program',
    programType: node.field_program_type ?? 'government',
    about: html(node.field_about, node.langcode),
    whoQualifies: html(node.field_who_qualifies, node.langcode),
    howToApply: html(node.field_how_to_apply, node.langcode),
    applySteps: (node.field_apply_steps ?? []).map((step) => typography(node.langcode, step)),
    whatYouNeed: html(node.field_what_you_need, node.langcode),
    documents: (node.field_documents ?? []).flatMap((d, i) => {
      const url = link(d.uri, `field_documents[${i}].uri`);
      return url ? [{ url, title: d.title ? typography(node.langcode, d.title) : url }] : [];
    }),
    faq: (node.field_faq ?? []).map((f) => ({
      question: typography(node.langcode, f.question),
      answer: sanitize(f.answer, node.langcode),
    })),
    contacts: html(node.field_contacts, node.langcode),
    mapType: node.field_map_type ?? null,
    related: node.field_related_programs.map((r) => r.id),
    finder: { relevant: node.field_finder_relevant ?? [], excludes: node.field_finder_excludes ?? [] },
  };
}

export const programSource = defineSource({
  type: 'node--program',
  resource: 'node/program',
  query: listedQuery,
  schema: rawProgram,
  toEntry: toProgram,
});
