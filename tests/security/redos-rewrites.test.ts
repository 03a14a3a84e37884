// Issue 29 item 5, the build's side: the patterns recheck found vulnerable in the build (CMS
// redirects, security headers, search text, French typography) are rewritten to run in linear
// time. Each rewrite must give exactly what the old pattern gave: the old code is kept here as the
// oracle, compared on pinned inputs and on generated ones; and hostile text that took seconds
// before (200 KB of `<`, of spaces before nothing, of slashes before a letter) takes milliseconds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cmsRedirectList } from '../../src/release/redirects/cms-redirects.ts';
import { inlineScriptHashes, scriptHash } from '../../src/release/headers/security-headers.ts';
import { htmlToText } from '../../src/features/search/rules/normalize.ts';
import { NBSP, NNBSP, frenchTypography } from '../../src/i18n/typography/french.ts';

// The old code, as it was before the rewrite (ae1cf5e), with the rules added since.
const old = {
  trimSlashes: (s: string) => s.replace(/\/+$/, ''),
  scripts(html: string): string[] {
    const hashes: string[] = [];
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const attrs = match[1] ?? '';
      if (/\ssrc\s*=/.test(attrs)) continue;
      const type = /\stype\s*=\s*"?([^"\s>]*)/i.exec(attrs)?.[1] ?? '';
      if (!/^(|module|text\/javascript|application\/javascript)$/i.test(type)) continue;
      hashes.push(scriptHash(match[2] ?? ''));
    }
    return hashes;
  },
  tags: (html: string) => html.replace(/<[^>]*>/g, ' '),
  french(text: string): string {
    const SP = '[ \\u00A0\\u202F\\u2009]';
    const rules: Array<[RegExp, string | ((...m: string[]) => string)]> = [
      [new RegExp(`«${SP}*`, 'g'), `«${NNBSP}`],
      [new RegExp(`${SP}*»`, 'g'), `${NNBSP}»`],
      [new RegExp(`(?<=[^\\s:;!?])${SP}*:(?=[\\s»)\\]]|$)`, 'g'), `${NBSP}:`],
      [new RegExp(`(?<=[^\\s:;!?«(])${SP}*([;!?]+)(?=[\\s»)\\]"”’]|$)`, 'g'), `${NNBSP}$1`],
      // Added since the rewrite (e01e77e), anchored and linear: a separator that starts with the mark.
      [new RegExp(`^${SP}*:(?=${SP}|$)`), `${NBSP}:`],
      [new RegExp(`^${SP}*([;!?]+)(?=${SP}|$)`), `${NNBSP}$1`],
      [new RegExp(`(?<=(?:^|[^\\d,.\\-])\\d{1,3}(?:${SP}\\d{3})*)${SP}(?=\\d{3}(?!\\d))`, 'g'), NBSP],
      [new RegExp(`(?<=\\d)${SP}([$%])`, 'g'), `${NBSP}$1`],
      [new RegExp(`(?<=\\d)${SP}(Mo|Ko|Go|km)\\b`, 'g'), `${NBSP}$1`],
      [
        new RegExp(`\\b(\\d{1,2})${SP}h(?:${SP}(\\d{2}))?\\b`, 'g'),
        (_, h: string, min?: string) => `${h}${NBSP}h${min ? `${NBSP}${min}` : ''}`,
      ],
    ];
    let out = text;
    for (const [re, to] of rules) out = out.replace(re, to as string);
    return out;
  },
};

const textOf = (pieces: string[], maxLength = 40) =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(''));
const RUNS = { numRuns: 3000 };
const fromOf = (source: string) =>
  cmsRedirectList([{ source, hasQuery: false, uri: 'internal:/x', status: 301, language: 'en' }], []).list[0]!.from;
// CPU time of this process: a busy machine stretches wall time, not the work done.
const timed = (work: () => unknown) => {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
// 200 KB: the old patterns took seconds on each of these (quadratic); linear code, milliseconds.
const N = 200_000;
const LIMIT_MS = 150;

describe('CMS redirects: trailing slashes of a source', () => {
  it('are removed as before', () => {
    for (const source of ['/a/', '/a//', '/a', '/', '///', '/a/b/', '/a/./', '/%2F/']) {
      expect(fromOf(source), source).toBe(old.trimSlashes(`/en${source}`));
    }
    expect(fromOf('/a///')).toBe('/en/a');
    expect(fromOf('/')).toBe('/en');
  });

  it('as before on generated sources', () => {
    fc.assert(
      fc.property(textOf(['/', '//', 'a', '.', '%2F', ' ', '\n']), (source) => {
        expect(fromOf(source)).toBe(old.trimSlashes(`/en${source}`));
      }),
      RUNS,
    );
  });

  it('attack: 200 KB of slashes before a letter in linear time', () => {
    expect(timed(() => fromOf(`/${'/'.repeat(N)}x`))).toBeLessThan(LIMIT_MS);
  });
});

describe('security headers: inline scripts of a page', () => {
  const pieces = [
    '<script',
    '<SCRIPT',
    '<scripts',
    '<script>',
    '>',
    '</script>',
    '</ScRiPt>',
    '</script',
    ' src=x',
    ' type="module"',
    ' type=json',
    ' ',
    'a()',
    '<',
    '"',
    '\n',
  ];

  it('are hashed as before', () => {
    const html =
      '<script>a()</script><SCRIPT type="module">b()</SCRIPT><script src=x></script>' +
      '<script type="application/json">{}</script><scripts>c()</scripts><script <script>d()</script>';
    expect(inlineScriptHashes(html)).toEqual(old.scripts(html));
    expect(inlineScriptHashes(html)).toEqual([scriptHash('a()'), scriptHash('b()'), scriptHash('d()')]);
    expect(inlineScriptHashes('<script>a()</script><script>unclosed')).toEqual([scriptHash('a()')]);
  });

  it('as before on generated pages', () => {
    fc.assert(
      fc.property(textOf(pieces), (html) => {
        expect(inlineScriptHashes(html)).toEqual(old.scripts(html));
      }),
      RUNS,
    );
  });

  it('attack: 200 KB of unclosed script tags (with and without `>`) in linear time', () => {
    expect(timed(() => inlineScriptHashes('<script>'.repeat(N / 8)))).toBeLessThan(LIMIT_MS);
    expect(timed(() => inlineScriptHashes('<script '.repeat(N / 8)))).toBeLessThan(LIMIT_MS);
  });
});

describe('search: the text of an HTML fragment', () => {
  it('loses its tags as before', () => {
    for (const html of ['<p>a</p>', 'a < b', 'a <b <c> d', '<>', 'x>y', '<a href="x">y</a>&amp;', '<<<>']) {
      expect(htmlToText(html), html).toBe(old.tags(html).replace(/&amp;/g, '&'));
    }
    expect(htmlToText('a <b <c> d')).toBe('a   d');
    expect(htmlToText('a < b')).toBe('a < b');
  });

  it('as before on generated fragments', () => {
    fc.assert(
      fc.property(textOf(['<', '>', '<p>', '</p>', 'a', ' ', '"', '\n']), (html) => {
        expect(htmlToText(html)).toBe(old.tags(html));
      }),
      RUNS,
    );
  });

  it('attack: 200 KB of `<` in linear time', () => {
    expect(timed(() => htmlToText('<'.repeat(N)))).toBeLessThan(LIMIT_MS);
  });
});

describe('French typography', () => {
  const pieces = [
    ' ',
    NBSP,
    NNBSP,
    '\u2009',
    '«',
    '»',
    '1',
    '12',
    '000',
    '0',
    ',',
    '.',
    '-',
    'a',
    ' h ',
    ':',
    ';',
    '!',
    '?',
    '$',
    '%',
    ' Mo',
    '\n',
  ];

  it('spaces guillemets and thousands as before (pinned)', () => {
    const show = (s: string) => s.replaceAll(NBSP, '~').replaceAll(NNBSP, '^');
    const cases: Array<[string, string]> = [
      ['« Bonjour »', '«^Bonjour^»'],
      ['«Bonjour»', '«^Bonjour^»'],
      ['mot  \u2009 » fin', 'mot^» fin'],
      ['»»', '^»^»'],
      ['12 500 $ et 1 000 000', '12~500~$ et 1~000~000'],
      ['1234 567 890', '1234 567~890'],
      ['3,5 000 et 1-833 733', '3,5 000 et 1-833 733'],
      ['2026 000 1 0000 1 000,50 $', '2026 000 1 0000 1~000,50~$'],
    ];
    for (const [text, expected] of cases) {
      expect(show(frenchTypography(text)), text).toBe(expected);
      expect(frenchTypography(text), text).toBe(old.french(text));
    }
  });

  it('as before on generated text', () => {
    fc.assert(
      fc.property(textOf(pieces), (text) => {
        expect(frenchTypography(text)).toBe(old.french(text));
      }),
      RUNS,
    );
  });

  it('attack: 200 KB of spaces before no guillemet, and a 200 KB number, in linear time', () => {
    expect(timed(() => frenchTypography(`${' '.repeat(N)}x`))).toBeLessThan(LIMIT_MS);
    expect(timed(() => frenchTypography(`1${' 000'.repeat(N / 4)}0`))).toBeLessThan(LIMIT_MS);
  });
});
