// The paths of both finder pages (/[lang]/finder and its no-JavaScript /[lang]/finder/programs):
// the same props, the programs the finder can suggest in each language, made once per content set
// for both. Each route gets a list of its own (Astro keeps its own index on the list it is given).
import { entriesOf } from '../../content/content.ts';
import { oncePerContent } from '../../content/resident-content.ts';
import { languages, type Lang } from '../../i18n/index.ts';
import type { ProgramEntry } from '../../content/types/program.ts';
import { finderPrograms } from './ui/finder-programs.ts';

const programsByLang = oncePerContent(async () => {
  const byLang = new Map<Lang, ProgramEntry[]>();
  for (const lang of languages) byLang.set(lang, finderPrograms(await entriesOf('programs', lang), lang));
  return byLang;
});

export async function finderPaths() {
  const programs = await programsByLang();
  return languages.map((lang) => ({ params: { lang }, props: { programs: programs.get(lang)! } }));
}
