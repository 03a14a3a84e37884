// The programs the finder can suggest in one language: published, listed (searchable) programs
// with at least one relevant tag, by title: the props of both finder pages.
import type { ProgramEntry } from '../../../content/types/program.ts';
import { compareIn } from '../../../i18n/collate.ts';
import type { Lang } from '../../../i18n/index.ts';

export function finderPrograms(programs: readonly ProgramEntry[], lang: Lang): ProgramEntry[] {
  return programs
    .filter((p) => p.searchable && p.finder.relevant.length > 0)
    .sort((a, b) => compareIn(lang)(a.title, b.title));
}
