// The paths of both finder pages: /[lang]/finder with every program the finder can suggest in its
// language, and its no-JavaScript list /[lang]/finder/programs, in pages beyond the department's
// size (src/site/rules/paged-list.ts); the programs made once per content set for both.
import { entriesOf } from '../../content/content.ts';
import { oncePerContent } from '../../content/resident-content.ts';
import { languages, type Lang } from '../../i18n/index.ts';
import type { ProgramEntry } from '../../content/types/program.ts';
import { finderPrograms } from './ui/finder-programs.ts';
import { listPageParams, listPages } from '../../site/rules/paged-list.ts';

const programsByLang = oncePerContent(async () => {
  const byLang = new Map<Lang, ProgramEntry[]>();
  for (const lang of languages) byLang.set(lang, finderPrograms(await entriesOf('programs', lang), lang));
  return byLang;
});

export async function finderPaths() {
  const programs = await programsByLang();
  return languages.map((lang) => ({ params: { lang }, props: { programs: programs.get(lang)! } }));
}

/** The no-JavaScript list's pages (page 1 at /[lang]/finder/programs, the rest under /page/[page]). */
export const finderListPaths = oncePerContent(async () =>
  listPages(await programsByLang()).map((props) => ({ params: listPageParams(props), props })),
);
