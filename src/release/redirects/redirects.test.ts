// The one redirect list and its three outputs: short paths from landing pages (a missing one
// fails the build by name), the housing application and external paths, the spec's vanities,
// CMS vanity_url nodes, other-language slugs; HTML pages, _redirects and the nginx include.
import { describe, expect, it } from 'vitest';
import {
  buildRedirects,
  externalPortal,
  fixedVanities,
  netlifyRedirects,
  nginxConfig,
  redirectHtml,
  stubLang,
  shortPaths,
  type RedirectInputs,
} from './redirects.ts';
import { checkRedirects } from './redirect-safety.ts';

const landingPages = (['en', 'fr'] as const).flatMap((lang) =>
  Object.entries(shortPaths).map(([name, id]) => ({ id, lang, alias: `/category/${name}-${lang}` })),
);
const inputs = (over: Partial<RedirectInputs> = {}): RedirectInputs => ({
  landingPages,
  vanities: [],
  translations: [],
  ...over,
});
const target = (list: ReturnType<typeof buildRedirects>, from: string) => list.find((r) => r.from === from);

describe('buildRedirects', () => {
  it('sends every short path in each language to its landing page, with the fixed paths and vanities', () => {
    const list = buildRedirects(inputs());
    for (const lang of ['en', 'fr']) {
      for (const name of Object.keys(shortPaths))
        expect(target(list, `/${lang}/${name}`)).toEqual({
          from: `/${lang}/${name}`,
          to: `/${lang}/category/${name}-${lang}`,
          external: false,
        });
      expect(target(list, `/${lang}/apply-online`)).toEqual({
        from: `/${lang}/apply-online`,
        to: externalPortal[lang as 'en' | 'fr'],
        external: true,
      });
    }
    expect(target(list, '/en/housing-benefit-application')?.to).toBe(
      '/en/simple_page/canada-housing-benefit-application',
    );
    expect(target(list, '/fr/housing-benefit-application')?.to).toBe(
      '/fr/simple_page/demande-allocation-canadienne-pour-le-logement',
    );
    for (const [from, to] of fixedVanities) expect(target(list, from)?.to).toBe(to);
    expect(list.map((r) => r.from)).toEqual([...list.map((r) => r.from)].sort((a, b) => a.localeCompare(b)));
  });

  it('sends /en and /fr (with or without the slash) home, and lower-case spellings of the fixed vanities', () => {
    const list = buildRedirects(inputs());
    for (const lang of ['en', 'fr']) {
      expect(target(list, `/${lang}`)?.to).toBe(`/${lang}/home`);
      expect(target(list, `/${lang}/`)?.to).toBe(`/${lang}/home`);
    }
    expect(target(list, '/financialhelpcalculator')?.to).toBe('/en/calculator');
    expect(target(list, '/Financialhelpcalculator')?.to).toBe('/en/calculator');
  });

  it('fails, naming the short path, the id and the language, when a landing page is missing', () => {
    const id = shortPaths['your-health']!;
    const without = landingPages.filter((l) => !(l.id === id && l.lang === 'fr'));
    expect(() => buildRedirects(inputs({ landingPages: without }))).toThrow(
      `Short path /fr/your-health: the landing_page ${id} does not exist in fr; the build will not ship a broken redirect.`,
    );
  });

  it('adds CMS vanity_url nodes (internal and external, overriding a fixed one) and other-language slugs', () => {
    const list = buildRedirects(
      inputs({
        vanities: [
          { lang: 'en', route: '/dental', target: { kind: 'internal', path: '/en/program/healthy-smiles' } },
          { lang: 'fr', route: '/ailleurs', target: { kind: 'external', url: 'https://example.ca/fr/' } },
          { lang: 'en', route: '/seniors', target: { kind: 'internal', path: '/en/program/seniors-guide' } },
        ],
        translations: [
          { id: 'a', lang: 'en', alias: '/program/about-us' },
          { id: 'a', lang: 'fr', alias: '/program/a-propos' },
          { id: 'b', lang: 'en', alias: '/program/same' },
          { id: 'b', lang: 'fr', alias: '/program/same' },
        ],
      }),
    );
    expect(target(list, '/dental')).toEqual({
      from: '/dental',
      to: '/en/program/healthy-smiles',
      external: false,
      lang: 'en',
    });
    expect(target(list, '/ailleurs')).toEqual({
      from: '/ailleurs',
      to: 'https://example.ca/fr/',
      external: true,
      lang: 'fr',
    });
    expect(target(list, '/seniors')?.to).toBe('/en/program/seniors-guide');
    expect(target(list, '/fr/program/about-us')?.to).toBe('/fr/program/a-propos');
    expect(target(list, '/en/program/a-propos')?.to).toBe('/en/program/about-us');
    expect(target(list, '/fr/program/same')).toBeUndefined();
  });
});

describe('redirect outputs', () => {
  const list = [
    { from: '/sondage', to: '/fr/correction', external: false },
    { from: '/en/apply-online', to: 'https://portal.example/en/?a=1&b="2"', external: true },
  ];

  it('static HTML pages: refresh and link to the target, escaped, in the path’s language', () => {
    const fr = redirectHtml(list[0]!);
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain('<meta http-equiv="refresh" content="0; url=/fr/correction">');
    expect(fr).toContain(
      'Cette page a été déplacée\u00a0: <a href="/fr/correction">consultez-la à sa nouvelle adresse</a>.',
    );
    // No address (often English segments, /fr/category/abuse-and-neglect) inside the French text.
    const frenchStub = redirectHtml({ from: '/fr/abuse', to: '/fr/category/abuse-and-neglect', external: false })!;
    const visible = frenchStub
      .replace(/<head>.*<\/head>/s, (head) => head.replace(/<(?!\/?title)[^>]+>/g, ''))
      .replace(/<[^>]+>/g, ' ');
    expect(visible).not.toMatch(/abuse|category|\/fr\//);
    const en = redirectHtml(list[1]!);
    expect(en).toContain('<html lang="en">');
    // The quotes are percent-encoded (no output quotes a URL by hand), then & escaped for HTML.
    expect(en).toContain('url=https://portal.example/en/?a=1&amp;b=%222%22"');
    expect(en).not.toContain('b="2"');
  });

  it('each stub speaks its address’s language: the vanity’s own, the path’s prefix, the target’s; else both', () => {
    const stub = (r: Parameters<typeof redirectHtml>[0]) => redirectHtml(r)!;
    // The French 211 vanity: an address of no language, a French node, an external target.
    const fr211 = stub({ from: '/211-fr', to: 'https://nb.211.ca/fr/', external: true, lang: 'fr' });
    expect(fr211).toContain('<html lang="fr">');
    expect(fr211).toContain('Cette page a été déplacée');
    expect(fr211).not.toContain('This page has moved');
    expect(stub({ from: '/fr/housing', to: '/fr/category/logement', external: false })).toContain('<html lang="fr">');
    expect(stub({ from: '/x', to: 'https://nb.211.ca/?lang=fr', external: true })).toContain('<html lang="fr">');
    expect(stub({ from: '/211', to: 'https://nb.211.ca/', external: true, lang: 'en' })).toContain('<html lang="en">');
    const neither = stub({ from: '/x', to: 'https://example.ca/', external: true });
    expect(neither).toContain('<html lang="en">');
    expect(neither).toContain('<p lang="fr">Cette page a été déplacée');
    expect(stubLang({ from: '/en/x', to: '/fr/y' })).toBe('en');
  });

  it('a vanity cannot take the address of a file the build consumes (the official-languages inputs)', () => {
    const { safe, refused } = checkRedirects([
      { from: '/official-languages-inputs.json', to: '/en/home', external: false },
      { from: '/redirect-inputs.json', to: '/en/home', external: false },
    ]);
    expect(safe).toEqual([]);
    expect(refused.map((r) => r.reason)).toEqual([
      'its address is an address the site keeps for its own files',
      'its address is an address the site keeps for its own files',
    ]);
  });

  it('_redirects: the root, one 301 line each, then the same with a trailing slash; no 404 rule (Pages refuses them)', () => {
    expect(netlifyRedirects(list)).toBe(
      '/ /en/home 302\n/sondage /fr/correction 301\n/en/apply-online https://portal.example/en/?a=1&b=%222%22 301\n/sondage/ /fr/correction 301\n/en/apply-online/ https://portal.example/en/?a=1&b=%222%22 301\n',
    );
  });

  it('nginx include: exact-match 301s, root and 404 by French host, /fr/ paths to the French error page', () => {
    const conf = nginxConfig(list, { frenchHost: 'fr.example.ca:8443', root: '/srv/site' });
    expect(conf).toContain('root "/srv/site";');
    expect(conf).toContain('location = "/sondage" { return 301 "/fr/correction"; }');
    expect(conf).toContain('location = "/en/apply-online" { return 301 "https://portal.example/en/?a=1&b=%222%22"; }');
    expect(conf).toMatch(
      /location = \/ \{\n {2}if \(\$host = "fr\.example\.ca"\) \{ return 302 \/fr\/home; \}\n {2}return 302 \/en\/home;\n\}/,
    );
    expect(conf).toContain('location = "/sondage/" { return 301 "/fr/correction"; }');
    expect(conf).toContain('error_page 404 /__not_found;');
    expect(conf).toContain('if ($host = "fr.example.ca") { rewrite ^ /fr/404.html break; }');
    expect(conf).toContain('if ($request_uri ~ ^/fr/) { rewrite ^ /fr/404.html break; }');
    expect(conf).toContain('if ($request_uri ~ ^/en/) { rewrite ^ /en/404.html break; }');
    expect(conf).toMatch(/rewrite \^ \/404\.html break;\n\}\n$/);
    const noHost = nginxConfig(list, { root: '/srv/site' });
    expect(noHost).not.toContain('$host');
    expect(noHost).toContain('return 302 /en/home;');
  });

  it('nginx include: the redirects in nginx’s own order of locations (`/` below every byte, a name before its longer ones)', () => {
    // nginx sorts a block's locations by insertion (ngx_queue_sort): in its own order one pass, in
    // another quadratic. The order below is worked out by hand from ngx_filename_cmp.
    const froms = ['/z', '/a-b', '/%C3%A9', '/a/b', '/A', '/a', '/sondage-x'];
    const conf = nginxConfig(
      froms.map((from) => ({ from, to: '/en/home', external: false })),
      { root: '/srv/site' },
    );
    const order = [...conf.matchAll(/^ {2}location = "([^"]+)"/gm)].map((m) => m[1]);
    // (nginx matches decoded addresses: the é is written as its UTF-8 bytes, C3 A9, after z.)
    expect(order).toEqual([
      ...['/A', '/A/', '/a', '/a/', '/a/b', '/a/b/', '/a-b', '/a-b/'],
      ...['/sondage-x', '/sondage-x/', '/z', '/z/', '/é', '/é/'],
    ]);
  });
});
