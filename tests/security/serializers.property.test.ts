// Issue 29, "one serializer per output": generated hostile sources and targets (dot segments in
// every spelling, quotes, backslashes, `$`, braces, line breaks, NUL, other schemes, non-ASCII)
// go through each serializer, and each output must keep its grammar: one token where one belongs,
// one line per redirect, nothing else. The nginx include is also checked by Debian's `nginx -t`,
// then served by nginx: every redirect it kept answers its own target.
import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { netlifyRedirects, nginxConfig, redirectHtml, type Redirect } from '../../src/release/redirects/redirects.ts';
import { checkRedirects } from '../../src/release/redirects/redirect-safety.ts';
import {
  cacheRules,
  MAX_HEADER_RULES,
  netlifyHeaders,
  nginxHeaders,
  rootRedirectEntries,
} from '../../src/release/headers/security-headers.ts';
import { parseSitePath, siteFile } from '../../src/site/rules/site-path.ts';
import { nginxTest, serveNginx } from './nginx-run.ts';
import { raw } from './support.ts';

const pieces = [
  '.',
  '..',
  '/',
  '//',
  '\\',
  '"',
  "'",
  '$',
  '$uri',
  '{',
  '}',
  ';',
  '#',
  '?',
  '&',
  '=',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\0',
  '%',
  '%2e',
  '%2E',
  '%2e%2e',
  '%252e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%25',
  '%00',
  '%0a',
  '%0d',
  '%C0%AE',
  '%E2%80%AE',
  '<',
  '>',
  '<script>',
  '`',
  '|',
  '*',
  '!',
  '~',
  '-',
  '_',
  'é',
  'ﬁ',
  '\u202e',
  '\u2028',
  '\ud800',
  '😀',
  'location',
  '} location ~ ^/leak/(.*)$ { alias /etc/$1; } #',
  ' 200!',
  '/* https://evil.example/:splat 200!',
  'alias',
  'http://',
  'https://',
  'javascript:',
  'data:',
  '//evil.example',
  'a',
  'b',
  'en',
  'fr',
  'x1',
];
const hostile = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...pieces) },
      { weight: 1, arbitrary: fc.string({ maxLength: 3, unit: 'binary' }) },
    ),
    {
      maxLength: 10,
    },
  )
  .map((parts) => parts.join(''));
/** Ordinary paths (letters of any script, `-._~`, encoded letters, a dot segment now and then). */
const mild = fc
  .array(fc.constantFrom('a', 'b', 'x1', 'é', 'ﬁ', '-', '_', '.', '~', '/', '%C3%A9', '%41', 'en', 'fr'), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join(''));
const source = fc.oneof(
  hostile.map((s) => `/${s}`),
  hostile,
  mild.map((s) => `/${s}`),
);
const target = fc.oneof(
  hostile.map((s) => `/${s}`),
  hostile.map((s) => `https://example.ca/${s}`),
  hostile,
  mild.map((s) => `/${s}`),
);
const redirect: fc.Arbitrary<Redirect> = fc.record({
  from: source,
  to: target,
  external: fc.boolean(),
  status: fc.constantFrom(301, 302, 307, 308, 200, 304, 399),
});
const redirects = fc.array(redirect, { minLength: 1, maxLength: 12 });

const SOURCE = String.raw`[\p{L}\p{M}\p{N}/._~-]+`;
const URL_TEXT = String.raw`[A-Za-z0-9\-._~:/?#\[\]@!&()*+,;=%]+`;
const LOCATION = new RegExp(
  String.raw`^  location = "${SOURCE}" \{ return (301|302|303|307|308) "${URL_TEXT}"; \}$`,
  'u',
);
const good: Redirect = { from: '/sondage', to: '/fr/correction', external: false };
const fixedLines = nginxConfig([], { root: '/srv/site' }).split('\n');

describe('serializers keep their grammar for any content (fast-check)', () => {
  it('site paths: canonical, idempotent, never a file outside the release', () => {
    fc.assert(
      fc.property(source, (raw) => {
        const parsed = parseSitePath(raw);
        if ('error' in parsed) return;
        expect(parsed.path).toMatch(new RegExp(`^(/|${SOURCE})$`, 'u'));
        expect(parsed.segments.every((s) => s !== '.' && s !== '..')).toBe(true);
        expect(parseSitePath(parsed.path)).toEqual(parsed);
        const file = siteFile(parsed.path);
        if (file) expect(path.resolve('/release', file).startsWith('/release/')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('_redirects: the root, then one "source target status" line per safe redirect, with and without its trailing slash', () => {
    fc.assert(
      fc.property(redirects, (list) => {
        const { safe } = checkRedirects(list);
        const lines = netlifyRedirects(list).split('\n');
        expect(lines.pop()).toBe('');
        expect(lines[0]).toBe('/ /en/home 302');
        const rules = safe.map((r) => `${r.from} ${r.to} ${r.status ?? 301}`);
        expect(lines.slice(1, 1 + rules.length)).toEqual(rules);
        for (const l of lines.slice(1)) expect(l).toMatch(new RegExp(`^${SOURCE} ${URL_TEXT} 30[1278]$`, 'u'));
      }),
      { numRuns: 1000 },
    );
  });

  it('a checked list checked again (each serializer does) is kept as it is, as its unchecked copies are; a checked redirect cannot be changed', () => {
    const duplicate = 'another redirect has the same address once decoded';
    fc.assert(
      fc.property(redirects, (list) => {
        const { safe } = checkRedirects(list);
        const copies = () => safe.map((r) => ({ ...r }));
        expect(checkRedirects(safe)).toEqual({ safe, refused: [] });
        expect(checkRedirects(copies())).toEqual({ safe, refused: [] });
        // Twice in one list: the second refused, as for copies checked in full.
        const twice = checkRedirects([...safe, ...safe]);
        expect(twice.safe).toEqual(safe);
        expect(twice.refused.map((x) => x.reason)).toEqual(safe.map(() => duplicate));
        expect(checkRedirects([...copies(), ...copies()]).refused.map((x) => x.reason)).toEqual(
          safe.map(() => duplicate),
        );
        for (const r of safe)
          expect(() => {
            (r as { to: string }).to = 'javascript:alert(1)';
          }).toThrow(TypeError);
      }),
      { numRuns: 1000 },
    );
  });

  it('stub pages: the template, with the target as one encoded token (no quote, bracket or space)', () => {
    const slot = String.raw`(?:[A-Za-z0-9\-._~:/?#\[\]@!()*+,;=%]|&amp;)+`;
    // The English title and link name the target; the French ones say it in words (its path
    // segments are often English), so the title's target, when there is one, is compared apart.
    const page = new RegExp(
      String.raw`^<!doctype html><html lang="(en|fr)"><head><meta charset="utf-8"><title>(?:[^<>]+ (${slot})(?: / [^<>]+)?|[^<>]+)</title><meta http-equiv="refresh" content="0; url=(${slot})"><link rel="canonical" href="\3"><meta name="robots" content="noindex"></head><body><p>[^<>]+ <a href="\3">[^<>]+</a>\.</p>(?:<p lang="fr">[^<>]+ <a href="\3">[^<>]+</a>\.</p>)?</body></html>\n$`,
    );
    fc.assert(
      fc.property(redirect, (r) => {
        const html = redirectHtml(r);
        if (html === null) {
          expect(checkRedirects([r]).safe).toEqual([]);
          return;
        }
        const match = page.exec(html);
        expect(match, html).not.toBeNull();
        if (match?.[2] !== undefined) expect(match[2]).toBe(match[3]);
      }),
      { numRuns: 2000 },
    );
  });

  it("_headers: the redirects from the root add plain path rules and Cache-Control lines only, within Pages' count", () => {
    fc.assert(
      fc.property(redirects, (list) => {
        const roots = rootRedirectEntries(checkRedirects(list).safe.map((r) => r.from));
        const lines = netlifyHeaders({ 'X-Frame-Options': 'DENY' }, cacheRules, roots).split('\n');
        expect(lines.pop()).toBe('');
        const rules = lines.filter((l) => !l.startsWith('  '));
        expect(rules.length).toBeLessThanOrEqual(MAX_HEADER_RULES);
        for (const rule of rules) expect(rule).toMatch(/^\/[A-Za-z0-9/._*~-]*$/);
        for (const l of lines.slice(2).filter((x) => x.startsWith('  ')))
          expect(l).toMatch(/^ {2}Cache-Control: [a-z0-9=, -]+$/);
        expect(new Set(rules).size).toBe(rules.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('headers: a value is one line or refused, for _headers and nginx alike', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        let text: string;
        try {
          text = netlifyHeaders({ 'X-Test': value }, []);
        } catch {
          expect(() => nginxHeaders({ 'X-Test': value })).toThrow();
          return;
        }
        expect(text).toBe(`/*\n  X-Test: ${value}\n`);
        expect(value).toMatch(/^[\x20-\x7e]*$/);
        const nginx = (() => {
          try {
            return nginxHeaders({ 'X-Test': value });
          } catch {
            return null; // `"`, `\` or `$`: refused by the nginx serializer
          }
        })();
        if (nginx) expect(nginx.split('\n')[1]).toBe(`add_header X-Test "${value}" always;`);
      }),
      { numRuns: 1000 },
    );
  });

  it('nginx include: every line is a fixed one or an exact-match redirect (inside `location /`), and nginx -t accepts it', () => {
    fc.assert(
      fc.property(redirects, (list) => {
        const conf = nginxConfig([good, ...list], { root: '/srv/site' });
        for (const line of conf.split('\n')) if (!fixedLines.includes(line)) expect(line).toMatch(LOCATION);
        const result = nginxTest(conf);
        expect(result.ok, result.output).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('nginx serving generated redirects: each kept one answers its target, nothing else is reachable', async () => {
    // Ordinary sources (so that many are kept), targets hostile or not, and the fully hostile ones.
    const servable = fc.oneof(
      fc.record({
        from: mild.map((s) => `/${s}`),
        to: mild.map((s) => `/${s}`),
        external: fc.constant(false),
        status: fc.constant(301),
      }),
      fc.record({
        from: mild.map((s) => `/${s}`),
        to: hostile.map((s) => `https://example.ca/${s}`),
        external: fc.constant(true),
        status: fc.constantFrom(302, 307, 308),
      }),
      redirect,
    );
    const list = [good, ...fc.sample(servable, { numRuns: 400, seed: 29 })];
    const { safe } = checkRedirects(list);
    expect(safe.length).toBeGreaterThan(10);
    const nginx = await serveNginx(() => nginxConfig(list, { root: '/nonexistent' }));
    try {
      for (const r of safe) {
        const response = await raw(nginx.url, encodeURI(r.from));
        expect(response.status, r.from).toBe(r.status ?? 301);
        expect(response.headers.location, r.from).toBe(r.to);
      }
      expect((await raw(nginx.url, '/leak/passwd')).status).toBe(404);
      expect((await raw(nginx.url, '/sondage')).headers.location).toBe('/fr/correction');
    } finally {
      await nginx.stop();
    }
  });
});
