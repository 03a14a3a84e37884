// The program finder's questions and the answers each offers. An answer's id is also the tag
// editors put on a program (field_finder_relevant / field_finder_excludes), so this list is the
// one vocabulary of the page, the CMS schema, the rules and the finder table of docs/features.md.
export const questions = [
  { id: 'age', multiple: false, answers: ['age-under-19', 'age-19-64', 'age-65-plus'] },
  {
    id: 'household',
    multiple: true,
    answers: ['alone', 'partner', 'children-under-12', 'children-12-18', 'child-disability', 'adult-disability'],
  },
  { id: 'housing', multiple: false, answers: ['rent', 'own', 'no-stable-housing', 'long-term-care'] },
  { id: 'income', multiple: true, answers: ['working', 'not-working', 'social-assistance', 'pension'] },
  {
    id: 'needs',
    multiple: true,
    answers: ['need-money', 'need-home-support', 'need-health', 'need-safety', 'need-work'],
  },
] as const;

export type Question = (typeof questions)[number];
export type QuestionId = Question['id'];
export type FinderTag = Question['answers'][number];

/** Every answer, in question order (the order reasons are given in). */
export const finderTags: readonly FinderTag[] = questions.flatMap((q) => q.answers);

const tagSet: ReadonlySet<string> = new Set(finderTags);
export function isFinderTag(value: string): value is FinderTag {
  return tagSet.has(value);
}

export function questionOf(tag: FinderTag): Question {
  return questions.find((q) => (q.answers as readonly string[]).includes(tag))!;
}
