// What the redirect outputs are made from (landing pages, vanity nodes, translations' aliases),
// written by the build from the content store so the redirects step need not fetch the CMS again.
// scripts/build/redirects.ts reads it and removes it from the published folder.
import type { APIRoute } from 'astro';
import { entriesOf } from '../cms/content.ts';
import type { RedirectInputs } from '../logic/routes/redirects.ts';

export const GET: APIRoute = async () => {
  const aliasOf = (e: { id: string; lang: 'en' | 'fr'; alias: string }) => ({ id: e.id, lang: e.lang, alias: e.alias });
  const [landing, vanities, ...listed] = await Promise.all([
    entriesOf('landingPages'), entriesOf('vanities'),
    entriesOf('programs'), entriesOf('simplePages'), entriesOf('complexPages'), entriesOf('pages'),
  ]);
  const inputs: RedirectInputs = {
    landingPages: landing.map(aliasOf),
    vanities,
    translations: listed.flat().map(aliasOf),
  };
  return new Response(JSON.stringify(inputs), { headers: { 'Content-Type': 'application/json' } });
};
