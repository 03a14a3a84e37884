// The finder's rules, shared by the page's script, the static list and the tests. A program is
// suggested when at least one answer given is among its relevant tags and none is among its
// excluding tags; a skipped question neither suggests nor rules out anything, and a program
// without relevant tags is never suggested. Answers are plain values: nothing here stores or sends.
import { finderTags, questionOf, type FinderTag } from './questions.ts';

export interface FinderProgram {
  relevant: readonly FinderTag[];
  excludes: readonly FinderTag[];
}

export type Assessment = { listed: true; reasons: FinderTag[] } | { listed: false; ruledOutBy: FinderTag[] };

/**
 * Answers as a set in question order, without duplicates and with at most one answer to each
 * single-choice question (the first given wins, as a shared link could carry two).
 */
export function normalizeAnswers(answers: Iterable<string>): FinderTag[] {
  const given = new Set(answers);
  const taken = new Set<string>();
  const result: FinderTag[] = [];
  for (const value of given) {
    const tag = finderTags.find((t) => t === value);
    if (!tag) continue;
    const question = questionOf(tag);
    if (!question.multiple && taken.has(question.id)) continue;
    taken.add(question.id);
    result.push(tag);
  }
  return finderTags.filter((t) => result.includes(t));
}

export function assess(program: FinderProgram, answers: readonly FinderTag[]): Assessment {
  const ruledOutBy = answers.filter((a) => program.excludes.includes(a));
  if (ruledOutBy.length > 0) return { listed: false, ruledOutBy };
  const reasons = answers.filter((a) => program.relevant.includes(a));
  return reasons.length > 0 ? { listed: true, reasons } : { listed: false, ruledOutBy: [] };
}

/**
 * The programs suggested for these answers with the answers that suggest each, those with more
 * reasons first; programs with as many reasons keep the order they were given in.
 */
export function findPrograms<P extends FinderProgram>(
  programs: readonly P[],
  answers: readonly FinderTag[],
): Array<{ program: P; reasons: FinderTag[] }> {
  const found: Array<{ program: P; reasons: FinderTag[] }> = [];
  for (const program of programs) {
    const result = assess(program, answers);
    if (result.listed) found.push({ program, reasons: result.reasons });
  }
  return found
    .map((f, i) => ({ f, i }))
    .sort((a, b) => b.f.reasons.length - a.f.reasons.length || a.i - b.i)
    .map(({ f }) => f);
}

/** Problems with a program's tags, for the CMS schema: a tag both suggests and rules out. */
export function conflictingTags(program: FinderProgram): FinderTag[] {
  return program.excludes.filter((t) => program.relevant.includes(t));
}
