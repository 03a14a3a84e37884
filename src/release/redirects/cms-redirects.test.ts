// Drupal Redirect module entries in the redirect list: node targets by nid in the redirect's
// language (both languages for "und"), path and absolute targets, status codes, what is left out,
// and the three outputs.
import { describe, expect, it } from 'vitest';
import { cmsRedirectList, type CmsRedirectInput } from './cms-redirects.ts';
import { buildRedirects, netlifyRedirects, nginxConfig, shortPaths, type RedirectInputs } from './redirects.ts';

const nodes = [
  { nid: 12, lang: 'en' as const, alias: '/program/new-name' },
  { nid: 12, lang: 'fr' as const, alias: '/program/nouveau-nom' },
  { nid: 13, lang: 'en' as const, alias: '/program/english-only' },
];
const redirect = (over: Partial<CmsRedirectInput>): CmsRedirectInput => ({
  source: '/program/old-name',
  hasQuery: false,
  uri: 'internal:/node/12',
  status: 301,
  language: 'en',
  ...over,
});

describe('cmsRedirectList', () => {
  it('sends an old alias to the node in the redirect language, by internal:/node and entity:node', () => {
    expect(cmsRedirectList([redirect({})], nodes).list).toEqual([
      { from: '/en/program/old-name', to: '/en/program/new-name', external: false, status: 301 },
    ]);
    expect(
      cmsRedirectList([redirect({ uri: 'entity:node/12', language: 'fr', source: '/program/ancien-nom' })], nodes).list,
    ).toEqual([{ from: '/fr/program/ancien-nom', to: '/fr/program/nouveau-nom', external: false, status: 301 }]);
  });

  it('applies a language-neutral redirect in each language that has the node', () => {
    const { list, skipped } = cmsRedirectList(
      [redirect({ language: 'und', uri: 'internal:/node/13', source: '/old' })],
      nodes,
    );
    expect(list).toEqual([{ from: '/en/old', to: '/en/program/english-only', external: false, status: 301 }]);
    expect(skipped).toEqual([]);
  });

  it('takes path and absolute targets and keeps the status code', () => {
    const { list } = cmsRedirectList(
      [
        redirect({ uri: 'internal:/category/seniors', source: '/aines', language: 'fr', status: 302 }),
        redirect({ uri: 'internal:/', source: '/start' }),
        redirect({ uri: 'https://www2.gnb.ca/', source: '/gnb' }),
      ],
      nodes,
    );
    expect(list).toEqual([
      { from: '/fr/aines', to: '/fr/category/seniors', external: false, status: 302 },
      { from: '/en/start', to: '/en/home', external: false, status: 301 },
      { from: '/en/gnb', to: 'https://www2.gnb.ca/', external: true, status: 301 },
    ]);
  });

  it('leaves out, saying why, redirects with a query, to a node not published, or to an unknown scheme', () => {
    const { list, skipped } = cmsRedirectList(
      [redirect({ hasQuery: true }), redirect({ uri: 'internal:/node/99' }), redirect({ uri: 'route:<nolink>' })],
      nodes,
    );
    expect(list).toEqual([]);
    expect(skipped.map((s) => s.reason)).toEqual([
      'it only applies with a query string',
      'node 99 is not published in en',
      'the target is not a node, a path or a web address',
    ]);
  });
});

describe('CMS redirects in the redirect outputs', () => {
  const landingPages = (['en', 'fr'] as const).flatMap((lang) =>
    Object.entries(shortPaths).map(([name, id]) => ({ id, lang, alias: `/category/${name}` })),
  );
  const inputs: RedirectInputs = {
    landingPages,
    vanities: [],
    translations: nodes
      .map((n, i) => ({ id: `id-${n.nid}`, lang: n.lang, alias: n.alias, nid: n.nid, i }))
      .map(({ i: _i, ...t }) => t),
    cmsRedirects: [
      redirect({}),
      redirect({ source: '/temp', status: 302 }),
      redirect({ source: '/disability', uri: 'internal:/node/13' }),
    ],
  };
  const list = buildRedirects(inputs);

  it('adds them without overriding the site’s own paths', () => {
    expect(list.find((r) => r.from === '/en/program/old-name')).toEqual({
      from: '/en/program/old-name',
      to: '/en/program/new-name',
      external: false,
    });
    expect(list.find((r) => r.from === '/en/disability')?.to).toBe('/en/category/disability');
  });

  it('writes them to _redirects and nginx with their status', () => {
    expect(netlifyRedirects(list)).toContain('/en/program/old-name /en/program/new-name 301\n');
    expect(netlifyRedirects(list)).toContain('/en/temp /en/program/new-name 302\n');
    const nginx = nginxConfig(list, { root: '/srv/site' });
    expect(nginx).toContain('location = "/en/program/old-name" { return 301 "/en/program/new-name"; }');
    expect(nginx).toContain('location = "/en/temp" { return 302 "/en/program/new-name"; }');
  });
});
