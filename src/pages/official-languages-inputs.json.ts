// What the official-languages report is made from: the pages of the build that owe their other
// language, found from every content page in each language and its text fields' fingerprints
// (src/release/official-languages/report.ts) where the content is; only the findings are written
// (the prints of every page were 16 MB at 10,000 programs per language, made again each release).
// src/release/official-languages/official-languages-step.ts reads it, writes the report into the
// release's deploy folder and removes it from the published folder.
import type { APIRoute } from 'astro';
import { entriesOf } from '../content/content.ts';
import { entryTexts, owedFindings, type LanguagePage } from '../release/official-languages/report.ts';
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
  return new Response(JSON.stringify(owedFindings(inputs)), { headers: { 'Content-Type': 'application/json' } });
};
