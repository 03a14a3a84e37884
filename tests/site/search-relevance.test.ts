// What a search finds, ranked: the built site's own Pagefind index, searched by Pagefind's own
// search script as the search page runs it (src/features/search/ui/search.ts: the words it sends,
// `searchTerms`, and the address each result links to, `resultPath`), served over HTTP by the intake
// service. In Node, one script per language for every query: a page load each cost the browser
// suite about 17 s of its two workers' time. The browser tests (tests/e2e/search.spec.ts) keep what
// only a page shows: the header search landing on the results, the filter, More results, the
// language switch, no JavaScript.
import { pathToFileURL } from 'node:url';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms } from '../../src/features/search/rules/normalize.ts';
import { resultPath } from '../../src/features/search/rules/result-path.ts';
import { startServer } from '../../src/service/start.ts';
import { builtSite } from './built-site.ts';

type Lang = 'en' | 'fr';
interface PagefindScript {
  options(o: { basePath: string; noWorker: boolean }): Promise<void>;
  init(): Promise<void>;
  search(
    q: string | null,
  ): Promise<{ results: Array<{ data(): Promise<{ url: string; content: string; meta: Record<string, string> }> }> }>;
  destroy(): Promise<void>;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'search-relevance-'));
let server: Awaited<ReturnType<typeof startServer>>;
const scripts = new Map<Lang, PagefindScript>();

/**
 * Pagefind's script for one language: its own copy of the module (a query string makes another),
 * which takes the page's language from `<html lang>` when it starts. A page of that language is
 * all it reads of `document`; it is there only while the script starts.
 */
async function pagefindFor(dist: string, lang: Lang): Promise<PagefindScript> {
  const file = pathToFileURL(path.join(dist, 'pagefind', 'pagefind.js'));
  const script = (await import(/* @vite-ignore */ `${file.href}?lang=${lang}`)) as PagefindScript;
  await script.options({ basePath: `${server.url.replace(/\/$/, '')}/pagefind/`, noWorker: true });
  const global = globalThis as { document?: unknown };
  const before = global.document;
  global.document = { querySelector: (s: string) => (s === 'html' ? { getAttribute: () => lang } : null) };
  try {
    await script.init();
  } finally {
    if (before === undefined) delete global.document;
    else global.document = before;
  }
  return script;
}

/** The addresses of a search's first `count` results, as the search page links them. */
async function top(lang: Lang, query: string, count = 3): Promise<string[]> {
  const { results } = await scripts.get(lang)!.search(searchTerms(query, lang));
  const data = await Promise.all(results.slice(0, count).map((r) => r.data()));
  return data.map((d) => new URL(resultPath(d.url)).pathname);
}

let dist = '';
beforeAll(async () => {
  dist = await builtSite();
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    site: { distDir: dist },
    dataDir: path.join(work, 'data'),
    log: () => undefined,
  });
  for (const lang of ['en', 'fr'] as const) scripts.set(lang, await pagefindFor(dist, lang));
}, 240_000);

afterAll(async () => {
  for (const script of scripts.values()) await script.destroy();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const relevance: Record<Lang, Array<[string, string]>> = {
  en: [
    ['rent help', '/en/program/canada-housing-benefit-chb'],
    ['dental', '/en/program/healthy-smiles-clear-vision-program'],
    ['glasses', '/en/program/healthy-smiles-clear-vision-program'],
    ['wheelchair', '/en/program/wheelchair-and-seating-program'],
    ['nursing home', '/en/program/nursing-homes'],
    ['meals on wheels', '/en/program/meals-on-wheels'],
    ['child care', '/en/program/daycare-assistance-program'],
    ['food bank', '/en/program/food-banks'],
    ['welfare', '/en/program/social-assistance-program'],
    ['job training', '/en/program/career-development-opportunities-cdo-program'],
    ['report abuse', '/en/program/how-report-abuse-assault-or-neglect'],
    ['domestic violence', '/en/simple_page/intimate-partner-violence'],
    ['prescription', '/en/program/prescription-drug-plans'],
    ['foster parent', '/en/program/foster-care'],
    ['homeless', '/en/program/emergency-shelters'],
    ['home care', '/en/program/home-support-services'],
    ['heating', '/en/program/heating-assistance'],
    ['caregiver', '/en/complex_page/caregivers-guide'],
    ['public housing', '/en/program/public-housing-and-rent-supplement-programs'],
    ['walker', '/en/program/red-cross-equipment-loan-programs'],
    ['abuse', '/en/program/how-report-abuse-assault-or-neglect'],
    ['food', '/en/program/food-banks'],
    ['disability', '/en/program/disability-support-program'],
    ['job', '/en/program/career-development-opportunities-cdo-program'],
    ['seniors', '/en/program/low-income-seniors-benefit'],
  ],
  fr: [
    ['aide au loyer', '/fr/program/allocation-canadienne-pour-le-logement'],
    ['dentaire', '/fr/program/programme-beaux-sourires-et-bonne-vision'],
    ['lunettes', '/fr/program/programme-beaux-sourires-et-bonne-vision'],
    ['fauteuil roulant', '/fr/program/programme-de-fauteuils-roulants-et-de-positionnement'],
    ['foyer de soins', '/fr/program/foyers-de-soins'],
    ['popote roulante', '/fr/program/popote-roulante'],
    ['garderie', '/fr/program/programme-d-assistance-aux-garderies'],
    ['banque alimentaire', '/fr/program/banques-alimentaires'],
    ['bien-être social', '/fr/program/programme-d-aide-sociale'],
    ['emploi', '/fr/program/programme-possibilites-de-perfectionnement-professionnel'],
    ['signaler abus', '/fr/program/comment-signaler-les-mauvais-traitements-ou-la-negligence'],
    ['violence conjugale', '/fr/simple_page/violence-entre-partenaires-intimes'],
    ['médicaments', '/fr/program/regimes-de-medicaments-sur-ordonnance'],
    ['famille d’accueil', '/fr/program/familles-d-accueil'],
    ['itinérance', '/fr/program/refuges-d-urgence'],
    ['soutien à domicile', '/fr/program/services-de-soutien-a-domicile'],
    ['chauffage', '/fr/program/aide-au-chauffage'],
    ['répit', '/fr/program/repit-pour-les-proches-aidants'],
    ['logement public', '/fr/program/programmes-de-logement-public-et-de-supplement-au-loyer'],
    ['marchette', '/fr/program/programmes-de-pret-d-equipement-de-la-croix-rouge'],
    // The benefit's official name says « personnes âgées »; « aînés » finds the seniors' pages.
    ['aînés', '/fr/program/programmes-de-mieux-etre-pour-personnes-ainees'],
    ['prestation aînés', '/fr/program/prestation-pour-personnes-agees-a-faible-revenu'],
    ['logements', '/fr/program/allocation-canadienne-pour-le-logement'],
    ['handicap', '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap'],
    ['alimentaire', '/fr/program/banques-alimentaires'],
  ],
};

describe('search relevance over the built index', () => {
  for (const lang of ['en', 'fr'] as const)
    it(`the page a reader means is in the first three (${lang})`, async () => {
      const misses: string[] = [];
      for (const [query, expected] of relevance[lang]) {
        const found = await top(lang, query);
        if (!found.includes(expected)) misses.push(`${query}: ${found.join(', ')}`);
      }
      expect(misses).toEqual([]);
    });

  it('French forgives accents and plurals, English plurals', async () => {
    const cases: Array<[Lang, string, string]> = [
      ['fr', 'aines', '/fr/program/programmes-de-mieux-etre-pour-personnes-ainees'],
      ['fr', 'agees', '/fr/program/prestation-pour-personnes-agees-a-faible-revenu'],
      ['fr', 'logements', '/fr/program/allocation-canadienne-pour-le-logement'],
      ['fr', 'medicaments', '/fr/program/regimes-de-medicaments-sur-ordonnance'],
      ['fr', 'repit', '/fr/program/repit-pour-les-proches-aidants'],
      ['en', 'wheelchairs', '/en/program/wheelchair-and-seating-program'],
      ['en', 'disabilities', '/en/program/disability-support-program'],
    ];
    const misses: string[] = [];
    for (const [lang, query, expected] of cases) {
      const found = await top(lang, query);
      if (!found.includes(expected)) misses.push(`${lang} ${query}: ${found.join(', ')}`);
    }
    expect(misses).toEqual([]);
  });

  it('published but unsearchable programs are not in the index', async () => {
    for (const [lang, query, hidden] of [
      ['en', 'income tax clinics', '/en/program/volunteer-income-tax-clinics'],
      ['en', 'community transportation', '/en/program/transportation-for-seniors'],
      ['fr', 'comptoirs d’impôts', '/fr/program/comptoirs-d-impots-benevoles'],
    ] as const) {
      expect(await top(lang, query, 1000), query).not.toContain(hidden);
    }
    // The index answers those words (the program's own page aside), and the page itself exists:
    // only the index leaves it out.
    expect(await top('en', 'income tax', 1000)).not.toEqual([]);
    expect((await fetch(`${server.url.replace(/\/$/, '')}/en/program/volunteer-income-tax-clinics`)).status).toBe(200);
  });

  it('no page is indexed with the words of an image address (its folder, hash or type)', async () => {
    // Pagefind indexes every metadata value, and takes a page's first image as one when it has
    // none: a hash (`_Zz0xar`) answered a reader's word sharing its start ("zzzqqqxxx").
    const hashes = readdirSync(path.join(dist, '_astro'))
      .filter((name) => name.endsWith('.webp'))
      .map((name) => /_([A-Za-z0-9]+)\.webp$/.exec(name)?.[1] ?? '')
      .filter((hash) => hash.length > 3);
    expect(hashes.length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const lang of ['en', 'fr'] as const) {
      // Every page of the language's index (a search without words).
      const { results } = await scripts.get(lang)!.search(null);
      expect(results.length).toBeGreaterThan(20);
      for (const page of await Promise.all(results.map((r) => r.data()))) {
        const indexed = `${Object.values(page.meta).join(' ')} ${page.content}`;
        const words = [/_astro|\.webp/i.exec(indexed)?.[0], ...hashes.filter((h) => indexed.includes(h))];
        if (words.some(Boolean)) found.push(`${page.url}: ${words.filter(Boolean).join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });
});
