import { describe, expect, it } from 'vitest';
import { rawFacility, toFacility } from './types/facility.ts';

const node = (overrides: Record<string, unknown> = {}) => ({
  id: 'f1',
  type: 'node--facility',
  langcode: 'fr',
  status: true,
  title: 'Popote roulante de Fredericton',
  field_facility_type: 'meals_on_wheels',
  field_address: {
    address_line1: '1015 Regent Street',
    address_line2: 'Suite 2',
    locality: 'Fredericton',
    administrative_area: 'NB',
    postal_code: 'e3b6h5',
    country_code: 'CA',
  },
  field_phone: '(506) 452-9482',
  field_geolocation: { lat: 45.94, lng: -66.65 },
  ...overrides,
});

describe('facility schema and entry', () => {
  it('maps a Drupal facility to what the map page shows', () => {
    expect(toFacility(rawFacility.parse(node()))).toEqual({
      id: 'f1',
      lang: 'fr',
      mapType: 'meals_on_wheels',
      name: 'Popote roulante de Fredericton',
      nameLang: 'fr',
      street: '1015 Regent Street, Suite 2',
      city: 'Fredericton',
      postalCode: 'E3B 6H5',
      phone: '(506) 452-9482',
      tel: 'tel:+15064529482',
      lat: 45.94,
      lng: -66.65,
    });
  });

  it.each(['506-452-9482', '506 452 9482', '+1 506 452 9482', '1-506-452-9482', '5064529482'])(
    'reads the phone %s as tel:+15064529482',
    (phone) => {
      expect(toFacility(rawFacility.parse(node({ field_phone: phone }))).tel).toBe('tel:+15064529482');
    },
  );

  it.each([
    [{ field_phone: '452-9482' }, 'field_phone'],
    [{ field_facility_type: 'hospital' }, 'field_facility_type'],
    [{ field_geolocation: { lat: 43.65, lng: -79.38 } }, 'field_geolocation.lat'],
    [
      {
        field_address: {
          address_line1: '1 Main',
          locality: 'Halifax',
          administrative_area: 'NS',
          postal_code: 'B3H 1A1',
        },
      },
      'field_address.administrative_area',
    ],
    [{ title: '' }, 'title'],
  ])('rejects %j at %s', (overrides, field) => {
    const result = rawFacility.safeParse(node(overrides));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});
