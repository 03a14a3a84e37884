// What the official-languages report is made from: every content page of the build in each
// language, its text fields as fingerprints (src/release/official-languages/report.ts), written
// from the content store. src/release/official-languages/official-languages-step.ts reads it,
// writes the report into the release's deploy folder and removes it from the published folder.
import type { APIRoute } from 'astro';
import { entriesOf } from '../content/content.ts';
import { entryTexts, type LanguagePage } from '../release/official-languages/report.ts';

export const GET: APIRoute = async () => {
  const [programs, simplePages, complexPages, pages] = await Promise.all([
    entriesOf('programs'),
    entriesOf('simplePages'),
    entriesOf('complexPages'),
    entriesOf('pages'),
  ]);
  const typed = [
    ...programs.map((e) => ({ type: 'program', e })),
    ...simplePages.map((e) => ({ type: 'simple_page', e })),
    ...complexPages.map((e) => ({ type: 'complex_page', e })),
    ...pages.map((e) => ({ type: 'page', e })),
  ];
  const inputs: LanguagePage[] = typed.map(({ type, e }) => ({
    id: e.id,
    nid: e.nid ?? null,
    type,
    lang: e.lang,
    title: e.title,
    path: `/${e.lang}${e.alias}`,
    changed: e.changed ?? null,
    texts: entryTexts(e),
  }));
  return new Response(JSON.stringify(inputs), { headers: { 'Content-Type': 'application/json' } });
};
