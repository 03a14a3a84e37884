// No English on French pages, no French on English pages, and French spacing everywhere on
// French pages: reads every page of a real build (visible text, <title>, aria-label, alt, title
// and placeholder) and every interface string of the islands. Text marked with the other
// language's lang attribute (the language switch) is exempt, as are proper names.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import type { ChildNode } from 'domhandler';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from './built-site.ts';
import { frenchTypography } from '../../src/i18n/typography/french.ts';
import { interfaceStrings } from '../../src/i18n/tests/interface-strings.ts';
import { englishWords, englishVersion, foreignWords, frenchWords, properNames } from './language-words.ts';
import { fixedVanities } from '../../src/release/redirects/redirects.ts';
import { publishingStrings } from '../../src/service/publishing/publishing-strings.ts';
import { saveStrings } from '../../src/service/publishing/save-strings.ts';
import { officialLanguagesStrings } from '../../src/service/publishing/official-languages-strings.ts';
import { apiMessages } from '../../src/service/api-errors.ts';
import { vanities } from '../../scripts/local-cms/snapshot-source/pages.mjs';
import { classProblems } from '../../src/i18n/tests/french-classes.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dist = '';

beforeAll(async () => {
  dist = await builtSite();
}, 300_000);

type Lang = 'en' | 'fr';
interface Piece {
  where: string;
  text: string;
  /** The language the text is in: the nearest lang attribute (a French page's lang="en" switch is English). */
  lang: string;
}
interface OutsideLink {
  where: string;
  href: string;
  lang: string;
}
const ATTRIBUTES = ['aria-label', 'alt', 'title', 'placeholder'];
const SKIP = new Set(['script', 'style', 'template', 'svg']);

function jsonStrings(value: unknown, where: string, lang: string, out: Piece[]): void {
  if (typeof value === 'string') {
    if (!/^(?:https?:|\/)/.test(value)) out.push({ where, text: value, lang });
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) jsonStrings(v, `${where}.${k}`, lang, out);
}

/** Visible text nodes and labelling attributes of a page, each with its language, and its links out. */
function pieces(html: string): { lang: string; texts: Piece[]; links: OutsideLink[] } {
  const doc = parseDocument(html);
  const texts: Piece[] = [];
  const links: OutsideLink[] = [];
  let pageLang = '';
  const bilingual = /\bfr\b/.test(findHtml(doc)?.attribs['data-bilingual'] ?? '');
  const walk = (nodes: ChildNode[], lang: string, where: string) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        if (node.data.trim()) texts.push({ where, text: node.data, lang });
      } else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
        const el = node;
        if (el.name === 'html') pageLang = el.attribs.lang ?? '';
        // A page in both languages (the root 404) titles itself "English / French".
        if (el.name === 'title' && bilingual) {
          const [en, fr] = textOf(el).split(' / ');
          texts.push({ where: 'title', text: en ?? '', lang: 'en' }, { where: 'title', text: fr ?? '', lang: 'fr' });
          continue;
        }
        if (SKIP.has(el.name) || el.attribs['aria-hidden'] === 'true' || el.name === 'meta' || el.name === 'link')
          continue;
        const mine = el.attribs.lang || lang;
        const here = `${el.name}${el.attribs.id ? `#${el.attribs.id}` : el.attribs.class ? `.${el.attribs.class.split(' ')[0]}` : ''}`;
        for (const a of ATTRIBUTES)
          if (el.attribs[a]?.trim()) texts.push({ where: `${here}[${a}]`, text: el.attribs[a], lang: mine });
        // Strings a page script shows later (map strings, the map credit) travel as JSON data attributes.
        for (const a of ['data-strings', 'data-tiles'])
          if (el.attribs[a]) jsonStrings(JSON.parse(el.attribs[a]), `${here}[${a}]`, mine, texts);
        const href = el.name === 'a' ? el.attribs.href : undefined;
        if (href && /^https?:/.test(href) && !el.attribs.hreflang) links.push({ where: here, href, lang: mine });
        walk(el.children, mine, here);
      }
    }
  };
  walk(doc.children, '', 'document');
  // Text before <html> was read (none in practice) takes the page's language.
  for (const t of texts) t.lang ||= pageLang;
  for (const l of links) l.lang ||= pageLang;
  return { lang: pageLang, texts, links };
}

function findHtml(doc: ReturnType<typeof parseDocument>) {
  return doc.children.find((n) => n.type === 'tag' && n.name === 'html') as
    (ChildNode & { attribs: Record<string, string> }) | undefined;
}
const textOf = (el: { children: ChildNode[] }): string =>
  el.children.map((c) => (c.type === 'text' ? c.data : 'children' in c ? textOf(c) : '')).join('');

function pages(): Array<{ file: string; lang: string; texts: Piece[]; links: OutsideLink[] }> {
  const out: Array<{ file: string; lang: string; texts: Piece[]; links: OutsideLink[] }> = [];
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
    it(`${lang} text (pages, and parts marked lang="${lang}"): no ${lang === 'fr' ? 'English' : 'French'} words${lang === 'fr' ? ', French spacing' : ''}`, () => {
      const mine = all.filter((p) => p.lang === lang);
      expect(mine.length, `${lang} pages found`).toBeGreaterThan(100);
      const found = all.flatMap((p) =>
        p.texts.filter((t) => t.lang === lang).flatMap((t) => problems(lang, `${p.file} ${t.where}`, t.text)),
      );
      expect([...new Set(found)]).toEqual([]);
    });
  }

  it('every page under /fr/ is French and under /en/ English, redirect stubs included', () => {
    const wrong = all
      .filter((p) => /^(en|fr)\//.test(p.file) && !p.file.startsWith(p.lang.slice(0, 2) + '/'))
      .map((p) => `${p.file}: lang="${p.lang}"`);
    expect(wrong).toEqual([]);
  });

  it('the stub of every French address (vanity, short path, fixed path) is in French', () => {
    const french: string[] = [
      ...(vanities as Array<[string, string, string]>).filter(([lang]) => lang === 'fr').map(([, route]) => route),
      ...fixedVanities.filter(([, to]) => to.startsWith('/fr/')).map(([from]) => from),
    ];
    expect(french).toContain('/211-fr');
    const wrong = french.flatMap((from) => {
      const stub = all.find((p) => p.file === `${from.slice(1)}/index.html` || p.file === `${from.slice(1)}.html`);
      if (!stub) return [`${from}: no stub`];
      const text = stub.texts.map((t) => t.text).join(' ');
      return stub.lang === 'fr' && text.includes('Cette page a été déplacée')
        ? []
        : [`${from}: lang="${stub.lang}" « ${text} »`];
    });
    expect(wrong).toEqual([]);
  });

  it('every facility name in the other language than its map page carries its own lang (list and script data)', () => {
    const snapshot = (lang: Lang) =>
      JSON.parse(
        readFileSync(path.join(root, 'scripts/local-cms/snapshot', lang, 'node--facility.json'), 'utf8'),
      ) as Array<{ attributes: { title: string; field_name_language: Lang; field_facility_type: string } }>;
    const wrong: string[] = [];
    let marked = 0;
    let scripted = 0;
    for (const lang of ['en', 'fr'] as const) {
      const maps = all.filter((p) => p.file.startsWith(`${lang}/map/`));
      expect(maps.length, lang).toBeGreaterThan(0);
      for (const { attributes: f } of snapshot(lang)) {
        const texts = maps.flatMap((p) => p.texts).filter((t) => t.text.trim() === f.title);
        if (!texts.length) wrong.push(`${lang}: « ${f.title} » is on no map page`);
        for (const t of texts)
          if (t.lang !== f.field_name_language) wrong.push(`${lang}: « ${f.title} » read as ${t.lang}`);
          else if (f.field_name_language !== lang) marked++;
      }
      // The script's data (it writes the nearest results) says each name's language too.
      for (const page of maps) {
        const html = readFileSync(path.join(dist, page.file), 'utf8');
        const data = /data-facilities="([^"]*)"/.exec(html)?.[1];
        if (!data) continue;
        scripted++;
        const entries = JSON.parse(data.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Array<{
          name: string;
          nameLang?: Lang;
        }>;
        for (const e of entries) {
          const f = snapshot(lang).find((x) => x.attributes.title === e.name)?.attributes;
          const expected = f && f.field_name_language !== lang ? f.field_name_language : undefined;
          if (e.nameLang !== expected) wrong.push(`${page.file} data: « ${e.name} » nameLang ${e.nameLang}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // York Care Centre on the French pages, Villa du Repos on the English ones, among others.
    expect(marked).toBeGreaterThan(20);
    expect(scripted).toBeGreaterThan(0);
  });

  it('the title of an Act is in italics wherever a page names it, in both languages', () => {
    const act = /\bLoi sur (?:la |les |le )?[a-zéèêà ]+|\b(?:[A-Z][a-z]+ )+Act\b/;
    const plain = all.flatMap((p) =>
      p.texts
        .filter((t) => act.test(t.text) && !/^(?:em|i)\b/.test(t.where) && !t.where.includes('['))
        .map((t) => `${p.file} ${t.where}: « ${t.text.trim().slice(0, 100)} »`),
    );
    expect(plain).toEqual([]);
    const registration = all.find((p) => p.file === 'fr/chb-registration.html')!;
    expect(
      registration.texts.some((t) => t.where.startsWith('em') && t.text === 'Loi sur la sécurité du revenu familial'),
    ).toBe(true);
  });

  it('the root 404 says it in both languages, each half marked with its own', () => {
    const notFound = all.find((p) => p.file === '404.html')!;
    for (const lang of ['en', 'fr'] as const)
      expect(
        notFound.texts
          .filter((t) => t.lang === lang)
          .map((t) => t.text)
          .join(' '),
      ).toContain(lang === 'en' ? 'Page not found' : 'Page introuvable');
  });

  it('links out of a French page go to the French version of the outside page', () => {
    const english = all.flatMap((p) =>
      p.links.filter((l) => l.lang === 'fr' && englishVersion(l.href)).map((l) => `${p.file} ${l.where}: ${l.href}`),
    );
    expect([...new Set(english)]).toEqual([]);
  });

  for (const lang of ['fr', 'en'] as const) {
    it(`${lang} pages: ${lang === 'fr' ? 'ordinals, percent, addresses, « 6 ou plus », glossary terms, ' : ''}accessible names`, () => {
      const found = all.flatMap((p) =>
        p.texts.filter((t) => t.lang === lang).flatMap((t) => classProblems(lang, `${p.file} ${t.where}`, t.text)),
      );
      expect([...new Set(found)]).toEqual([]);
    });
  }

  it('the check finds English, French and a missing no-break space (it can fail)', () => {
    expect(problems('fr', 'x', 'Find a location near you')).toHaveLength(1);
    expect(problems('fr', 'x', 'Dernière mise à jour: 4 mars 2026')).toHaveLength(1);
    expect(problems('en', 'x', 'Trouvez un endroit près de chez vous')).toHaveLength(1);
    // A name in the other language is not on an allow list: it carries its own lang (read as English here).
    expect(problems('fr', 'x', 'We Care Home Health Services (Saint John), 400, rue Main')).toHaveLength(1);
    expect(problems('fr', 'x', 'OpenStreetMap, 400, rue Main')).toEqual([]);
    const page = pieces(
      '<html lang="fr"><body><p>Bonjour</p><a lang="en" href="https://x.ca/en/">English</a></body></html>',
    );
    expect(page.texts.map((t) => t.lang)).toEqual(['fr', 'en']);
    expect(englishVersion('https://www.pxw1.snb.ca/snb7001/e/2000/2500e.asp?language=fr_CA')).toBe(true);
    expect(englishVersion('https://www2.gnb.ca/content/gnb/fr/departments/social_development.html')).toBe(true);
    expect(englishVersion('https://socialsupports.gnb.ca/en/home')).toBe(true);
    expect(englishVersion('https://socialsupports.gnb.ca')).toBe(true);
    expect(englishVersion('https://socialsupports.gnb.ca/fr/home')).toBe(false);
    expect(englishVersion('https://nb.211.ca/chat/?lang=en')).toBe(true);
    expect(englishVersion('https://www.pxw1.snb.ca/snb7001/f/2000/2500f.asp')).toBe(false);
    expect(englishVersion('https://www.openstreetmap.org/copyright')).toBe(false);
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

  // The intake service's pages and answers: the publishing page, the saves, the official-languages
  // section, the API refusals. (Machine names and the CMS's own words are on the allow list.)
  for (const lang of ['fr', 'en'] as const) {
    it(`${lang} service strings`, () => {
      const found: string[] = [];
      const walk = (value: unknown, where: string) => {
        if (typeof value === 'string') found.push(...problems(lang, where, value.replace(/\{\w+\}/g, 'Marie')));
        else if (value && typeof value === 'object')
          for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`);
      };
      for (const [name, strings] of Object.entries({
        publishingStrings,
        saveStrings,
        officialLanguagesStrings,
        apiMessages,
      }))
        walk(strings[lang], name);
      expect(found).toEqual([]);
    });
  }
});
