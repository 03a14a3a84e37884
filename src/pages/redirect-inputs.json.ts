// What the redirect outputs are made from (landing pages, vanity nodes, translations' aliases),
// written by the build from the content store so the redirects step need not fetch the CMS again.
// src/release/redirects/write-redirects.ts reads it and removes it from the published folder.
import type { APIRoute } from 'astro';
import { entriesOf } from '../content/content.ts';
import type { RedirectInputs } from '../release/redirects/redirects.ts';

export const GET: APIRoute = async () => {
  const aliasOf = (e: { id: string; lang: 'en' | 'fr'; alias: string; nid?: number | null }) => ({
    id: e.id,
    lang: e.lang,
    alias: e.alias,
    nid: e.nid ?? null,
  });
  const [landing, vanities, redirects, ...listed] = await Promise.all([
    entriesOf('landingPages'),
    entriesOf('vanities'),
    entriesOf('redirects', 'en'),
    entriesOf('programs'),
    entriesOf('simplePages'),
    entriesOf('complexPages'),
    entriesOf('pages'),
  ]);
  const inputs: RedirectInputs = {
    landingPages: landing.map(aliasOf),
    vanities,
    translations: listed.flat().map(aliasOf),
    // Redirect entities are the same in both languages' answers: the English answer has them all.
    cmsRedirects: redirects.map(({ source, hasQuery, uri, status, language }) => ({
      source,
      hasQuery,
      uri,
      status,
      language,
    })),
  };
  return new Response(JSON.stringify(inputs), { headers: { 'Content-Type': 'application/json' } });
};
