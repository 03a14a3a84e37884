// The programs the finder can suggest in one language: published, listed (searchable) programs
// with at least one relevant tag, by title. Shared by both finder pages.
import { entriesOf } from '../../../content/content.ts';
import type { ProgramEntry } from '../../../content/types/program.ts';
import { compareIn } from '../../../i18n/collate.ts';
import type { Lang } from '../../../i18n/index.ts';

export async function finderPrograms(lang: Lang): Promise<ProgramEntry[]> {
  const programs = await entriesOf('programs', lang);
  return programs
    .filter((p) => p.searchable && p.finder.relevant.length > 0)
    .sort((a, b) => compareIn(lang)(a.title, b.title));
}
