// Facilities (map pages) from the local CMS over real HTTP: the snapshot validates, and a
// malformed facility is reported with its type, id, language and field (the build skips it with a warning).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectSource, ContentValidationError } from '../collect.ts';
import { createJsonApiClient } from '../jsonapi-client.ts';
import { facilitySource, mapTypes } from '../types/facility.ts';
import { localCmsServers } from './support.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const { cms } = localCmsServers();

describe('facility source', () => {
  it('reads every facility of the snapshot in both languages, at least eight per map type', async () => {
    const server = await cms(path.join(root, 'scripts/local-cms/snapshot'));
    const { entries, problems } = await collectSource(
      createJsonApiClient({ baseUrl: server.url }),
      facilitySource,
      server.url,
    );
    expect(problems).toEqual([]);
    for (const lang of ['en', 'fr'] as const) {
      const mine = entries.filter((e) => e.lang === lang).map((e) => e.data);
      for (const type of mapTypes)
        expect(mine.filter((f) => f.mapType === type).length, `${lang} ${type}`).toBeGreaterThanOrEqual(8);
      for (const f of mine) {
        expect(f.tel).toMatch(/^tel:\+1\d{10}$/);
        expect(f.postalCode).toMatch(/^E\d[A-Z] \d[A-Z]\d$/);
      }
    }
    const fredericton = entries.find((e) => e.lang === 'fr' && e.data.phone === '506-452-9482')!.data;
    expect(fredericton).toMatchObject({
      name: 'Meals on Wheels of Fredericton',
      mapType: 'meals_on_wheels',
      city: 'Fredericton',
      tel: 'tel:+15064529482',
    });
  });

  it('skips a malformed facility (not required content), naming the node and each bad field', async () => {
    const server = await cms(path.join(root, 'tests/fixtures/cms-invalid-facility'));
    const { entries, problems } = await collectSource(
      createJsonApiClient({ baseUrl: server.url, retries: 0 }),
      facilitySource,
      server.url,
    );
    expect(entries.map((e) => `${e.lang}:${e.id}`).sort()).toEqual([
      'en:33333333-3333-4333-8333-333333333333',
      'fr:33333333-3333-4333-8333-333333333333',
    ]);
    const message = new ContentValidationError(problems).message;
    const bad = 'node--facility 44444444-4444-4444-8444-444444444444';
    expect(message).toContain(`${bad} (en): field_facility_type`);
    expect(message).toContain(`${bad} (en): field_address.postal_code: must be a New Brunswick postal code`);
    expect(message).toContain(`${bad} (en): field_phone: must be a 10-digit`);
    expect(message).toContain(`${bad} (fr): field_geolocation.lat: must be inside New Brunswick`);
    expect(message).toContain(`${bad} (fr): field_geolocation.lng: must be inside New Brunswick`);
    expect(problems).toHaveLength(5);
    expect(facilitySource.required).toBeFalsy();
  });
});
