import { describe, expect, it } from 'vitest';
import { htmlGist, jsonApiUrl, rebaseNextLink, retryAfterMs } from './jsonapi-client.ts';
import { deserialize } from './deserialize.ts';

describe('rebaseNextLink: scheme, host and port from CMS_URL, path and query from the link', () => {
  it('keeps a plain-http CMS on a non-loopback host on http (an internal Drupal)', () => {
    expect(
      rebaseNextLink(
        'http://drupal.internal/jsonapi/node/program?page%5Boffset%5D=50&page%5Blimit%5D=50',
        'http://drupal.internal/',
      ),
    ).toBe('http://drupal.internal/jsonapi/node/program?page%5Boffset%5D=50&page%5Blimit%5D=50');
    expect(
      rebaseNextLink(
        'http://cms-backend:8080/fr/jsonapi/node/page?page%5Boffset%5D=50',
        'http://cms.intra.gnb.ca:8080',
      ),
    ).toBe('http://cms.intra.gnb.ca:8080/fr/jsonapi/node/page?page%5Boffset%5D=50');
  });
  it('moves http links of a Drupal behind a TLS proxy onto the https CMS_URL', () => {
    expect(
      rebaseNextLink('http://cms.example.ca/jsonapi/node/program?page%5Boffset%5D=50', 'https://cms.example.ca/'),
    ).toBe('https://cms.example.ca/jsonapi/node/program?page%5Boffset%5D=50');
    expect(
      rebaseNextLink('http://10.0.0.12:8080/jsonapi/node/program?page%5Boffset%5D=100', 'https://cms.example.ca'),
    ).toBe('https://cms.example.ca/jsonapi/node/program?page%5Boffset%5D=100');
  });
  it('keeps loopback CMS_URLs as they are', () => {
    for (const host of ['localhost:4322', '127.0.0.1:4322', '[::1]:4322']) {
      expect(rebaseNextLink(`https://cms.example.ca/jsonapi/node/program?x=1`, `http://${host}/`)).toBe(
        `http://${host}/jsonapi/node/program?x=1`,
      );
    }
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs('Mon, 23 Nov 2026 10:00:30 GMT', Date.parse('2026-11-23T10:00:00Z'))).toBe(30_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 09:00:00 GMT', Date.parse('2026-11-23T10:00:00Z'))).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('htmlGist', () => {
  it('keeps the title, heading and start of the main text of an HTML page', () => {
    expect(
      htmlGist(
        '<html><head><title>Site under maintenance | CMS</title></head><body><main><h1>Site under maintenance</h1><p>CMS is currently under maintenance. We should be back shortly.</p></main></body></html>',
      ),
    ).toBe(
      'Site under maintenance | CMS | Site under maintenance CMS is currently under maintenance. We should be back shortly.',
    );
    expect(htmlGist('<p>no title</p>')).toBe('');
    expect(htmlGist('<title>Oops</title><h1>Error <em>500</em></h1>')).toBe('Oops | Error 500');
    expect(htmlGist('<TITLE lang="fr">Erreur</TITLE><MAIN id="m">Hors   service</Main>')).toBe('Erreur | Hors service');
    expect(htmlGist('<title>Not closed <h1>Heading</h1>')).toBe('Heading');
  });

  it('reads a hostile page in linear time (no backtracking pattern)', () => {
    for (const attack of ['<title'.repeat(40_000), `<main>${'<'.repeat(200_000)}`, '<h1 '.repeat(50_000)]) {
      const started = process.cpuUsage(); // CPU time: load stretches wall time, not the work
      htmlGist(attack);
      const used = process.cpuUsage(started);
      expect((used.user + used.system) / 1000).toBeLessThan(1000); // the old patterns took seconds on these
    }
  });
});

describe('jsonApiUrl', () => {
  it('prefixes French with fr/ only', () => {
    expect(jsonApiUrl('https://cms.example.ca', 'en', 'node/program', 'a=1')).toBe(
      'https://cms.example.ca/jsonapi/node/program?a=1',
    );
    expect(jsonApiUrl('https://cms.example.ca/', 'fr', '/node/program')).toBe(
      'https://cms.example.ca/fr/jsonapi/node/program',
    );
  });
});

describe('deserialize', () => {
  it('resolves included relationships, keeps meta and survives cycles', () => {
    const a = {
      type: 'node--program',
      id: 'a',
      attributes: { title: 'A' },
      relationships: {
        field_related_programs: { data: [{ type: 'node--program', id: 'b' }] },
        field_program_image: { data: { type: 'file--file', id: 'f', meta: { alt: 'Alt' } } },
      },
    };
    const b = {
      type: 'node--program',
      id: 'b',
      attributes: { title: 'B' },
      relationships: { field_related_programs: { data: [{ type: 'node--program', id: 'a' }] } },
    };
    const f = { type: 'file--file', id: 'f', attributes: { uri: { url: '/x.jpg' } } };
    const [plain] = deserialize([a], [b, f]).nodes;
    expect(plain!.title).toBe('A');
    expect((plain!.field_program_image as Record<string, unknown>).meta).toEqual({ alt: 'Alt' });
    expect((plain!.field_program_image as Record<string, unknown>).uri).toEqual({ url: '/x.jpg' });
    const related = plain!.field_related_programs as Array<Record<string, unknown>>;
    expect(related[0]!.title).toBe('B');
  });
  it('leaves identifiers when the related resource was not included', () => {
    const [plain] = deserialize(
      [{ type: 't', id: '1', relationships: { r: { data: { type: 'x', id: '9' } }, n: { data: null } } }],
      [],
    ).nodes;
    expect(plain!.r).toEqual({ id: '9', type: 'x' });
    expect(plain!.n).toBeNull();
  });
});
