// The French aliases renamed after issue 46's French reading (glossary terms in the address) still
// lead to their page: the snapshot's Redirect module entries, read over HTTP from the local CMS,
// resolve each old address to the node's current French alias, and no French alias of the
// snapshot contradicts the glossary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { cmsRedirectList } from './cms-redirects.ts';

let cms: Awaited<ReturnType<typeof startLocalCms>>;
beforeAll(async () => {
  cms = await startLocalCms({ port: 0, log: () => undefined });
});
afterAll(() => cms?.close());

type Doc = { data: Array<{ attributes: Record<string, unknown> }> };
const get = async (path: string) => (await (await fetch(`${cms.url}${path}`)).json()) as Doc;

async function frenchAliases() {
  const nodes = [];
  for (const bundle of ['program', 'simple_page'])
    for (const r of (await get(`fr/jsonapi/node/${bundle}?page[limit]=200`)).data)
      nodes.push({
        nid: Number(r.attributes.drupal_internal__nid),
        lang: 'fr' as const,
        alias: (r.attributes.path as { alias: string }).alias,
      });
  return nodes;
}

describe('renamed French addresses', () => {
  it('the old addresses redirect (301) to the renamed pages', async () => {
    const redirects = (await get('jsonapi/redirect/redirect')).data.map((r) => ({
      // Stored without the leading slash, as src/content/redirect-source.ts reads it.
      source: `/${(r.attributes.redirect_source as { path: string }).path}`,
      hasQuery: false,
      uri: (r.attributes.redirect_redirect as { uri: string }).uri,
      status: Number(r.attributes.status_code),
      language: String(r.attributes.language),
    }));
    const { list, skipped } = cmsRedirectList(redirects, await frenchAliases());
    expect(skipped).toEqual([]);
    const to = Object.fromEntries(list.map((r) => [r.from, r.to]));
    expect(to).toMatchObject({
      '/fr/program/programme-de-soutien-aux-personnes-handicapees':
        '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap',
      '/fr/program/repit-pour-les-aidants': '/fr/program/repit-pour-les-proches-aidants',
      '/fr/program/prestation-pour-aines-a-faible-revenu':
        '/fr/program/prestation-pour-personnes-agees-a-faible-revenu',
      '/fr/program/transport-pour-aines': '/fr/program/transport-communautaire',
    });
    expect(list.every((r) => r.status === 301)).toBe(true);
  });

  it('no French alias uses a form the glossary replaces (handicapées, aidants without proches, bare aînés)', async () => {
    const bad = (await frenchAliases())
      .map((n) => n.alias)
      .filter((alias) => /handicape(?:e|s|es)?\b|(?<!proches-)aidants|(?<!personnes-)aines\b/.test(alias));
    expect(bad).toEqual([]);
  });
});
