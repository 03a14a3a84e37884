// What a text browser (lynx -dump: no JavaScript, no CSS, `hidden` ignored) reads on each page
// type, in both languages: no message about something that has not happened, no search keywords
// as page text, no control that needs the script. lynx reads the built site this run serves.
import { execFileSync } from 'node:child_process';
import { expect, test } from './support/fixtures.ts';
import { foldAccents } from '../../src/features/search/rules/normalize.ts';

const origin = `http://127.0.0.1:${process.env.E2E_PORT}`;
const dump = (path: string) =>
  execFileSync('lynx', ['-dump', '-nolist', '-display_charset=utf-8', '-width=200', `${origin}${path}`], {
    encoding: 'utf8',
    timeout: 20_000,
  });

const pages = {
  en: [
    '/en/home',
    '/en/category/housing',
    '/en/program/home-support-services',
    '/en/correction',
    '/en/search',
    '/en/chb-registration',
    '/en/offline',
  ],
  fr: [
    '/fr/home',
    '/fr/category/housing',
    '/fr/program/services-de-soutien-a-domicile',
    '/fr/correction',
    '/fr/search',
    '/fr/chb-registration',
    '/fr/offline',
  ],
};
const falseMessages = {
  en: [/thank you/i, /could not be sent/i, /there is a problem/i, /was sent/i],
  fr: [/merci/i, /n’a pas pu être envoyée|n’ont pas pu être envoyés/i, /il y a un problème/i, /a été envoyée/i],
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
  const head = text.split(/On this page|Sur cette page/)[0]!.replace(/\s+/g, ' ');
  const sentences = head.split(/(?<=\.) /).filter((s) => s.length > 30);
  return sentences.filter((s, i) => sentences.indexOf(s) !== i);
}

for (const lang of ['en', 'fr'] as const) {
  for (const path of pages[lang]) {
    test(`text browser: ${path} says nothing untrue and prints no index words`, () => {
      const text = dump(path);
      expect(text.length).toBeGreaterThan(200);
      for (const message of falseMessages[lang]) expect(text, `${path}: ${message}`).not.toMatch(message);
      for (const line of keywordLines) expect(text).not.toContain(line);
      // A pair or two can be French itself (chiffres, chiffrés); the index's list was dozens.
      expect(foldedCopies(text).length, foldedCopies(text).join(' ')).toBeLessThan(3);
      expect(repeatedSentences(text)).toEqual([]);
      for (const control of deadControls[lang]) expect(text).not.toMatch(control);
    });
  }
}
