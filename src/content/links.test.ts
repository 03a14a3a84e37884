import { describe, expect, it } from 'vitest';
import { deserialize } from './deserialize.ts';
import { linkUris, needsIndex, resolveLink, type LinkIndex } from './links.ts';

const index: LinkIndex = {
  byEntity: new Map([
    ['node/123', { en: '/program/home-support-services', fr: '/program/services-de-soutien-a-domicile' }],
    ['node/124', { en: '/page/about' }],
    ['taxonomy_term/7', { en: '/category/seniors', fr: '/category/seniors' }],
  ]),
  byAlias: new Map([
    ['/program/home-support-services', 'node/123'],
    ['/program/services-de-soutien-a-domicile', 'node/123'],
    ['/page/about', 'node/124'],
    ['/category/seniors', 'taxonomy_term/7'],
  ]),
  byUuid: new Map(),
};

describe('resolveLink: Drupal link field values to site paths', () => {
  it('resolves entity:node/N and internal:/node/N to the alias in the page language', () => {
    expect(resolveLink('entity:node/123', 'fr', index)).toEqual({ href: '/fr/program/services-de-soutien-a-domicile' });
    expect(resolveLink('internal:/node/123', 'en', index)).toEqual({ href: '/en/program/home-support-services' });
    expect(resolveLink('internal:/node/123#apply', 'en', index)).toEqual({
      href: '/en/program/home-support-services#apply',
    });
    expect(resolveLink('entity:taxonomy_term/7', 'fr', index)).toEqual({ href: '/fr/category/seniors' });
    expect(resolveLink('internal:/taxonomy/term/7', 'en', index)).toEqual({ href: '/en/category/seniors' });
  });
  it('maps a typed alias of either language to the node’s alias in the page language', () => {
    expect(resolveLink('internal:/program/home-support-services', 'fr', index)).toEqual({
      href: '/fr/program/services-de-soutien-a-domicile',
    });
    expect(resolveLink('internal:/fr/program/services-de-soutien-a-domicile', 'en', index)).toEqual({
      href: '/en/program/home-support-services',
    });
  });
  it('keeps site routes, absolute URLs and points uploaded files at the CMS', () => {
    expect(resolveLink('internal:/calculator', 'fr', index)).toEqual({ href: '/fr/calculator' });
    expect(resolveLink('internal:/disability/', 'en', index)).toEqual({ href: '/en/disability/' });
    expect(resolveLink('https://nb.211.ca/', 'en', index)).toEqual({ href: 'https://nb.211.ca/' });
    expect(resolveLink('internal:/sites/default/files/guide.pdf', 'en', index, 'https://cms.example.ca/')).toEqual({
      href: 'https://cms.example.ca/sites/default/files/guide.pdf',
    });
  });
  it('reports what it cannot resolve: an unknown or untranslated node, a scheme the site cannot follow', () => {
    expect(resolveLink('entity:node/999', 'en', index)).toHaveProperty('unresolved');
    expect(resolveLink('entity:node/124', 'fr', index)).toHaveProperty('unresolved');
    expect(resolveLink('route:<nolink>', 'en', index)).toHaveProperty('unresolved');
    expect(resolveLink('javascript:alert(1)', 'en', index)).toHaveProperty('unresolved');
  });
  it('asks for the index only for entity: and internal: links', () => {
    expect(
      linkUris({
        a: [{ uri: 'https://x' }],
        b: { c: { uri: 'entity:node/1' } },
        file: { uri: { url: '/sites/x.jpg' } },
      }),
    ).toEqual(['https://x', 'entity:node/1']);
    expect(['https://x', 'entity:node/1', 'internal:/x'].map(needsIndex)).toEqual([false, true, true]);
  });
});

describe('deserialize: Drupal’s placeholder identifiers', () => {
  it('drops missing and virtual targets, reporting missing ones with the field path', () => {
    const help = { links: { help: { href: 'https://www.drupal.org/docs/8/modules/json-api/core-concepts#missing' } } };
    const {
      nodes: [plain],
      notes,
    } = deserialize(
      [
        {
          type: 'node--program',
          id: 'a',
          relationships: {
            img: { data: { type: 'file--file', id: 'missing', meta: help } },
            rel: {
              data: [
                { type: 'node--program', id: 'missing', meta: help },
                { type: 'node--program', id: 'b' },
              ],
            },
            parent: { data: [{ type: 'taxonomy_term--categories', id: 'virtual' }] },
          },
        },
      ],
      [],
    );
    expect(plain!.img).toBeNull();
    expect(plain!.rel).toEqual([{ id: 'b', type: 'node--program' }]);
    expect(plain!.parent).toEqual([]);
    expect(notes.map((n) => `${n.id} ${n.field} ${n.kind} ${n.targetType}`)).toEqual([
      'a img missing file--file',
      'a rel missing node--program',
    ]);
  });
});
