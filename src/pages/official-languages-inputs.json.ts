// What the official-languages report is made from: every content page of the build in each
// language, its text fields as fingerprints (src/release/official-languages/report.ts), written
// from the content store. src/release/official-languages/official-languages-step.ts reads it,
// writes the report into the release's deploy folder and removes it from the published folder.
import type { APIRoute } from 'astro';
import { entriesOf } from '../content/content.ts';
import { entryTexts, type LanguagePage } from '../release/official-languages/report.ts';
import { calculatorPage } from '../features/calculator/page-strings.ts';

export const GET: APIRoute = async () => {
  const [programs, simplePages, complexPages, pages, screening, calculator] = await Promise.all([
    entriesOf('programs'),
    entriesOf('simplePages'),
    entriesOf('complexPages'),
    entriesOf('pages'),
    entriesOf('screenings'),
    entriesOf('calculatorSettings'),
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
  // The screening page and the calculator's settings: a language without its own node shows the
  // other language's (src/features/calculator/rules/settings.ts), so it is owed like a page.
  for (const e of screening)
    inputs.push({
      id: e.id,
      nid: null,
      type: 'screening',
      lang: e.lang,
      title: e.title,
      path: `/${e.lang}/screening`,
      changed: e.changed,
      texts: entryTexts(e),
    });
  for (const e of calculator)
    inputs.push({
      id: e.id,
      nid: null,
      type: 'calculator_settings',
      lang: e.lang,
      title: calculatorPage[e.lang].title,
      path: `/${e.lang}/calculator`,
      changed: e.changed,
      texts: entryTexts({ sampleNote: e.sampleNote }),
    });
  return new Response(JSON.stringify(inputs), { headers: { 'Content-Type': 'application/json' } });
};
