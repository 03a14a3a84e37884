import { describe, expect, it } from 'vitest';
import { jsonApiUrl, rebaseNextLink } from '../../../src/cms/jsonapi-client.ts';
import { deserialize } from '../../../src/cms/deserialize.ts';

describe('rebaseNextLink: scheme, host and port from CMS_URL, path and query from the link', () => {
  it('keeps a plain-http CMS on a non-loopback host on http (an internal Drupal)', () => {
    expect(rebaseNextLink('http://drupal.internal/jsonapi/node/program?page%5Boffset%5D=50&page%5Blimit%5D=50', 'http://drupal.internal/')).toBe(
      'http://drupal.internal/jsonapi/node/program?page%5Boffset%5D=50&page%5Blimit%5D=50',
    );
    expect(rebaseNextLink('http://cms-backend:8080/fr/jsonapi/node/page?page%5Boffset%5D=50', 'http://cms.intra.gnb.ca:8080')).toBe(
      'http://cms.intra.gnb.ca:8080/fr/jsonapi/node/page?page%5Boffset%5D=50',
    );
  });
  it('moves http links of a Drupal behind a TLS proxy onto the https CMS_URL', () => {
    expect(rebaseNextLink('http://cms.example.ca/jsonapi/node/program?page%5Boffset%5D=50', 'https://cms.example.ca/')).toBe(
      'https://cms.example.ca/jsonapi/node/program?page%5Boffset%5D=50',
    );
    expect(rebaseNextLink('http://10.0.0.12:8080/jsonapi/node/program?page%5Boffset%5D=100', 'https://cms.example.ca')).toBe(
      'https://cms.example.ca/jsonapi/node/program?page%5Boffset%5D=100',
    );
  });
  it('keeps loopback CMS_URLs as they are', () => {
    for (const host of ['localhost:4322', '127.0.0.1:4322', '[::1]:4322']) {
      expect(rebaseNextLink(`https://cms.example.ca/jsonapi/node/program?x=1`, `http://${host}/`)).toBe(`http://${host}/jsonapi/node/program?x=1`);
    }
  });
});

describe('jsonApiUrl', () => {
  it('prefixes French with fr/ only', () => {
    expect(jsonApiUrl('https://cms.example.ca', 'en', 'node/program', 'a=1')).toBe('https://cms.example.ca/jsonapi/node/program?a=1');
    expect(jsonApiUrl('https://cms.example.ca/', 'fr', '/node/program')).toBe('https://cms.example.ca/fr/jsonapi/node/program');
  });
});

describe('deserialize', () => {
  it('resolves included relationships, keeps meta and survives cycles', () => {
    const a = { type: 'node--program', id: 'a', attributes: { title: 'A' }, relationships: { field_related_programs: { data: [{ type: 'node--program', id: 'b' }] }, field_program_image: { data: { type: 'file--file', id: 'f', meta: { alt: 'Alt' } } } } };
    const b = { type: 'node--program', id: 'b', attributes: { title: 'B' }, relationships: { field_related_programs: { data: [{ type: 'node--program', id: 'a' }] } } };
    const f = { type: 'file--file', id: 'f', attributes: { uri: { url: '/x.jpg' } } };
    const [plain] = deserialize([a], [b, f]);
    expect(plain!.title).toBe('A');
    expect((plain!.field_program_image as Record<string, unknown>).meta).toEqual({ alt: 'Alt' });
    expect((plain!.field_program_image as Record<string, unknown>).uri).toEqual({ url: '/x.jpg' });
    const related = plain!.field_related_programs as Array<Record<string, unknown>>;
    expect(related[0]!.title).toBe('B');
  });
  it('leaves identifiers when the related resource was not included', () => {
    const [plain] = deserialize([{ type: 't', id: '1', relationships: { r: { data: { type: 'x', id: '9' } }, n: { data: null } } }], []);
    expect(plain!.r).toEqual({ id: '9', type: 'x' });
    expect(plain!.n).toBeNull();
  });
});
