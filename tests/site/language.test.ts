// No English on French pages, no French on English pages, and French spacing everywhere on
// French pages: reads every page of a real build (visible text, <title>, aria-label, alt, title
// and placeholder) and every interface string of the islands. Text marked with the other
// language's lang attribute (the language switch) is exempt, as are proper names.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import type { ChildNode } from 'domhandler';
import { beforeAll, describe, expect, it } from 'vitest';
import { frenchTypography } from '../../src/i18n/typography/french.ts';
import { interfaceStrings } from '../../src/i18n/tests/interface-strings.ts';
import { englishWords, foreignWords, frenchWords, properNames } from './language-words.ts';
import { classProblems } from '../../src/i18n/tests/french-classes.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dist = '';

beforeAll(() => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'language-'));
  dist = path.join(dir, 'dist');
  const result = spawnSync(process.execPath, ['scripts/build.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', OUT_DIR: dist, ASTRO_CACHE_DIR: path.join(dir, 'cache') },
  });
  if (result.status !== 0) throw new Error(result.stderr);
}, 300_000);

type Lang = 'en' | 'fr';
interface Piece {
  where: string;
  text: string;
}
const ATTRIBUTES = ['aria-label', 'alt', 'title', 'placeholder'];
const SKIP = new Set(['script', 'style', 'template', 'svg']);

function jsonStrings(value: unknown, where: string, out: Piece[]): void {
  if (typeof value === 'string') {
    if (!/^(?:https?:|\/)/.test(value)) out.push({ where, text: value });
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) jsonStrings(v, `${where}.${k}`, out);
}

/** Visible text nodes and labelling attributes of a page in its own language. */
function pieces(html: string): { lang: string; texts: Piece[] } {
  const doc = parseDocument(html);
  const texts: Piece[] = [];
  let lang = '';
  const walk = (nodes: ChildNode[], own: boolean, where: string) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        if (own && node.data.trim()) texts.push({ where, text: node.data });
      } else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
        const el = node;
        if (el.name === 'html') lang = el.attribs.lang ?? '';
        if (SKIP.has(el.name) || el.attribs['aria-hidden'] === 'true' || el.name === 'meta' || el.name === 'link')
          continue;
        // An element in the other language (lang="en" on a French page) is exempt, with its children.
        const mine = own && !(el.attribs.lang && lang && el.attribs.lang !== lang);
        const here = `${el.name}${el.attribs.id ? `#${el.attribs.id}` : el.attribs.class ? `.${el.attribs.class.split(' ')[0]}` : ''}`;
        if (mine)
          for (const a of ATTRIBUTES)
            if (el.attribs[a]?.trim()) texts.push({ where: `${here}[${a}]`, text: el.attribs[a] });
        // Strings a page script shows later (map strings, the map credit) travel as JSON data attributes.
        if (mine)
          for (const a of ['data-strings', 'data-tiles'])
            if (el.attribs[a]) jsonStrings(JSON.parse(el.attribs[a]), `${here}[${a}]`, texts);
        walk(el.children, mine, here);
      }
    }
  };
  walk(doc.children, true, 'document');
  return { lang, texts };
}

function pages(): Array<{ file: string; lang: string; texts: Piece[] }> {
  const out: Array<{ file: string; lang: string; texts: Piece[] }> = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['_astro', 'pagefind', 'sites'].includes(entry.name)) visit(full);
      } else if (entry.name.endsWith('.html'))
        out.push({ file: path.relative(dist, full), ...pieces(readFileSync(full, 'utf8')) });
    }
  };
  visit(dist);
  return out;
}

const show = (s: string) => s.replaceAll('\u00a0', '⍽').replaceAll('\u202f', '·');

function problems(lang: Lang, where: string, text: string): string[] {
  const out: string[] = [];
  const words = foreignWords(text, lang === 'fr' ? englishWords : frenchWords, properNames[lang]);
  if (words.length)
    out.push(
      `${where}: ${lang === 'fr' ? 'English' : 'French'} word(s) ${words.join(', ')} in « ${text.trim().slice(0, 140)} »`,
    );
  if (lang === 'fr' && frenchTypography(text) !== text)
    out.push(
      `${where}: missing no-break space in « ${show(text.trim()).slice(0, 140)} » (should be « ${show(frenchTypography(text).trim()).slice(0, 140)} »)`,
    );
  return out;
}

describe('language of every built page', () => {
  let all: ReturnType<typeof pages> = [];
  beforeAll(() => {
    all = pages();
  });

  for (const lang of ['fr', 'en'] as const) {
    it(`${lang} pages: no ${lang === 'fr' ? 'English' : 'French'} words${lang === 'fr' ? ', French spacing' : ''}`, () => {
      const mine = all.filter((p) => p.lang === lang);
      expect(mine.length, `${lang} pages found`).toBeGreaterThan(100);
      const found = mine.flatMap((p) => p.texts.flatMap((t) => problems(lang, `${p.file} ${t.where}`, t.text)));
      expect([...new Set(found)]).toEqual([]);
    });
  }

  for (const lang of ['fr', 'en'] as const) {
    it(`${lang} pages: ${lang === 'fr' ? 'ordinals, percent, addresses, « 6 ou plus », glossary terms, ' : ''}accessible names`, () => {
      const found = all
        .filter((p) => p.lang === lang)
        .flatMap((p) => p.texts.flatMap((t) => classProblems(lang, `${p.file} ${t.where}`, t.text)));
      expect([...new Set(found)]).toEqual([]);
    });
  }

  it('the check finds English, French and a missing no-break space (it can fail)', () => {
    expect(problems('fr', 'x', 'Find a location near you')).toHaveLength(1);
    expect(problems('fr', 'x', 'Dernière mise à jour: 4 mars 2026')).toHaveLength(1);
    expect(problems('en', 'x', 'Trouvez un endroit près de chez vous')).toHaveLength(1);
    expect(problems('fr', 'x', 'We Care Home Health Services (Saint John), 400, rue Main')).toEqual([]);
  });

  it('each class check finds its defect (it can fail) and passes the right form', () => {
    const bad = [
      'Dernière mise à jour : 1 janvier 2026',
      'Téléversement… 45%',
      '27 rue Main, Moncton, Nouveau-Brunswick, E1C 4B7',
      'Moncton (Nouveau-Brunswick) E1C 4B7',
      '6+',
      'Répit pour les aidants',
      'Composer le 2-1-1',
      'Aide pour les personnes handicapées',
      'formulaire d’inscription en ligne',
    ];
    for (const text of bad) expect(classProblems('fr', 'x', text), text).not.toEqual([]);
    expect(classProblems('fr', 'nav[aria-label]', 'Principal')).toHaveLength(1);
    expect(classProblems('en', 'nav[aria-label]', 'Main')).toHaveLength(1);
    const good = [
      'Dernière mise à jour : 1er janvier 2026',
      'Le 11 janvier et le 21 mars',
      'Téléversement… 45\u00a0%',
      '27, rue Main, Moncton (Nouveau-Brunswick)\u00a0\u00a0E1C 4B7',
      '6 ou plus',
      'Personne 2ELGBTQI+',
      'Répit pour les proches aidants',
    ];
    for (const text of good) expect(classProblems('fr', 'x', text), text).toEqual([]);
    expect(classProblems('fr', 'nav[aria-label]', 'Menu principal')).toEqual([]);
  });
});

describe('language of the islands’ and scripts’ interface strings', () => {
  for (const lang of ['fr', 'en'] as const) {
    it(`${lang} strings`, () => {
      const found = interfaceStrings(lang)
        // The spec's English messages are kept word for word on both sides of the form.
        .flatMap(({ source, text }) => problems(lang, source, text));
      expect(found).toEqual([]);
    });
  }
});
