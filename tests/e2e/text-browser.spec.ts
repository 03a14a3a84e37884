// What a text browser (lynx -dump: no JavaScript, no CSS, `hidden` ignored) reads on each page
// type, in both languages: no message about something that has not happened, no search keywords
// as page text, no control that needs the script. lynx reads the built site this run serves.
import { execFileSync } from 'node:child_process';
import { expect, test } from './support/fixtures.ts';
import { foldAccents } from '../../src/features/search/rules/normalize.ts';
import { builtHtml, builtPages, pageType } from './support/built-pages.ts';
import { scriptOnlyControls } from './support/script-only-controls.ts';

const origin = `http://127.0.0.1:${process.env.E2E_PORT}`;
const dump = (path: string) =>
  execFileSync('lynx', ['-dump', '-nolist', '-display_charset=utf-8', '-width=200', `${origin}${path}`], {
    encoding: 'utf8',
    timeout: 20_000,
  });

// One page of each type (a test below holds the list to every type the build has), in both languages.
const pages = {
  en: [
    '/en/home',
    '/en/category/housing',
    '/en/category/seniors/page/2',
    '/en/program/home-support-services',
    '/en/simple_page/intimate-partner-violence',
    '/en/complex_page/caregivers-guide',
    '/en/page/about',
    '/en/programs',
    '/en/finder',
    '/en/finder/programs',
    '/en/screening',
    '/en/calculator',
    '/en/map',
    '/en/map/nursing-homes',
    '/en/correction',
    '/en/correction/thanks',
    '/en/search',
    '/en/chb-registration',
    '/en/offline',
    '/en/error',
    '/en/404',
  ],
  fr: [
    '/fr/home',
    '/fr/category/housing',
    '/fr/category/seniors/page/2',
    '/fr/program/services-de-soutien-a-domicile',
    '/fr/simple_page/violence-entre-partenaires-intimes',
    '/fr/complex_page/guide-des-aidants',
    '/fr/page/propos',
    '/fr/programs',
    '/fr/finder',
    '/fr/finder/programs',
    '/fr/screening',
    '/fr/calculator',
    '/fr/map',
    '/fr/map/nursing-homes',
    '/fr/correction',
    '/fr/correction/thanks',
    '/fr/search',
    '/fr/chb-registration',
    '/fr/offline',
    '/fr/error',
    '/fr/404',
  ],
};
/** The pages that are the server's answer to a form sent without JavaScript: their thanks is true. */
const answerPages = new Set(['/en/correction/thanks', '/fr/correction/thanks']);
/**
 * Script-only controls still printed, each with why. The calculator is a React island rendered on
 * the server so that its code can come when it is about to be used; without JavaScript, CSS
 * (scripting: none) hides it and the phone line shows, but a text browser prints its form.
 */
const knownScriptOnly: Record<string, string[]> = {
  '/en/calculator': [
    '<input> calc-applicant',
    '<input> calc-spouse',
    '<select>',
    '<select>',
    '<button type=submit> Calculate',
    '<button type=button> Reset',
  ],
  '/fr/calculator': [
    '<input> calc-applicant',
    '<input> calc-spouse',
    '<select>',
    '<select>',
    '<button type=submit> Calculer',
    '<button type=button> Réinitialiser',
  ],
};
const falseMessages = {
  en: [/thank you/i, /could not be sent/i, /there is a problem/i, /was sent/i, /from your answers, you may/i],
  fr: [
    /merci/i,
    /n’a pas pu être envoyée|n’ont pas pu être envoyés/i,
    /il y a un problème/i,
    /a été envoyée/i,
    /selon vos réponses, vous pourriez/i,
  ],
};
const keywordLines = ['home care, home support', 'soins à domicile, soutien à domicile'];
const deadControls = {
  en: [
    /\(BUTTON\) Load more/,
    /\(BUTTON\) Print this page/,
    /\(BUTTON\) More results/,
    /\(BUTTON\) Clear saved/,
    /\(BUTTON\) Get help/,
  ],
  fr: [
    /\(BUTTON\) Afficher plus/,
    /\(BUTTON\) Imprimer cette page/,
    /\(BUTTON\) Plus de résultats/,
    /\(BUTTON\) Effacer/,
    /\(BUTTON\) Obtenir de l’aide/,
  ],
};

/** Accent-stripped copies of the page's own words (a French search-index word list). */
function foldedCopies(text: string): string[] {
  const words = new Set(text.toLowerCase().match(/[\p{L}’']{4,}/gu) ?? []);
  return [...words].filter((w) => foldAccents(w) !== w && words.has(foldAccents(w))).map(foldAccents);
}

/** A sentence said twice before the page's own table of contents (the summary, repeated for the index). */
function repeatedSentences(text: string): string[] {
  const parts = text.split(/On this page|Sur cette page/);
  if (parts.length < 2) return [];
  const head = parts[0]!.replace(/\s+/g, ' ');
  const sentences = head.split(/(?<=\.) /).filter((s) => s.length > 30);
  return sentences.filter((s, i) => sentences.indexOf(s) !== i);
}

for (const lang of ['en', 'fr'] as const) {
  for (const path of pages[lang]) {
    test(`text browser: ${path} says nothing untrue and prints no index words`, () => {
      const text = dump(path);
      expect(text.length).toBeGreaterThan(200);
      // A form's answer is true after the post that leads to it; search engines are asked not to lead there.
      if (answerPages.has(path)) expect(builtHtml(path)).toContain('<meta name="robots" content="noindex">');
      else for (const message of falseMessages[lang]) expect(text, `${path}: ${message}`).not.toMatch(message);
      for (const line of keywordLines) expect(text).not.toContain(line);
      // A pair or two can be French itself (chiffres, chiffrés); the index's list was dozens.
      expect(foldedCopies(text).length, foldedCopies(text).join(' ')).toBeLessThan(3);
      expect(repeatedSentences(text)).toEqual([]);
      for (const control of deadControls[lang]) expect(text).not.toMatch(control);
    });
  }
}

for (const lang of ['en', 'fr'] as const) {
  for (const path of pages[lang]) {
    test(`text browser: every control on ${path} works without JavaScript`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const found = scriptOnlyControls(html).map((c) => (c.startsWith('<select>') ? '<select>' : c));
      expect(found).toEqual(knownScriptOnly[path] ?? []);
    });
  }
  test(`text browser: the pages read cover every page type (${lang})`, () => {
    const read = new Set(pages[lang].map(pageType));
    expect([...new Set(builtPages(lang).map(pageType))].filter((type) => !read.has(type))).toEqual([]);
  });
}

test('text browser: script-only controls are found (a button, a field outside a form, a form going nowhere)', () => {
  expect(
    scriptOnlyControls(
      '<form action="/en/search"><input name="q"><button>Search</button><button type="button">Clear</button></form>' +
        '<template><input name="postal"></template><form novalidate><select name="a"></select></form>' +
        '<input type="hidden" name="lang"><form id="f" action="/x"></form><textarea form="f" name="t"></textarea>',
    ),
  ).toEqual(['<button type=button> Clear', '<input> postal', '<select> a']);
});
