// Facilities (node--facility): the places on the map pages, one map per facility type.
import { z } from 'zod';
import type { Lang } from '../../i18n/languages.ts';
import { typography } from '../../i18n/typography/french.ts';
import { defineSource, published } from '../sources.ts';

export const mapTypes = ['home_support_agency', 'nursing_home', 'special_care_home', 'meals_on_wheels'] as const;

/** Geolocation and geofield give numbers; a decimal string (a custom normalizer's) is accepted too. */
const coordinate = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a number')], {
    error: (issue) => (issue.input == null ? 'is required' : 'must be a number'),
  })
  .pipe(z.coerce.number());

/** A place on a map page (Drupal address and geolocation/geofield shapes); must be in New Brunswick. */
export const rawFacility = z.object({
  id: z.string(),
  type: z.literal('node--facility'),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  title: z.string().min(1),
  field_facility_type: z.enum(mapTypes),
  /** The language the name is written in (an institution's own name may be in the other one). */
  field_name_language: z.enum(['en', 'fr']).nullish(),
  field_address: z.object({
    address_line1: z.string().min(1),
    address_line2: z.string().nullish(),
    locality: z.string().min(1),
    administrative_area: z.literal('NB', 'must be NB'),
    postal_code: z.string().regex(/^E\d[A-Z] ?\d[A-Z]\d$/i, 'must be a New Brunswick postal code such as E1C 4B7'),
    country_code: z.literal('CA', 'must be CA').nullish(),
  }),
  field_phone: z
    .string()
    .regex(/^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/, 'must be a 10-digit North American phone number'),
  field_geolocation: z.preprocess(
    // The geolocation module names the longitude `lng`, geofield names it `lon`.
    (value) =>
      value && typeof value === 'object' && !('lng' in value) && 'lon' in value ? { ...value, lng: value.lon } : value,
    z.object({
      lat: coordinate.pipe(
        z.number().min(44.4, 'must be inside New Brunswick').max(48.2, 'must be inside New Brunswick'),
      ),
      lng: coordinate.pipe(
        z.number().min(-69.2, 'must be inside New Brunswick').max(-63.6, 'must be inside New Brunswick'),
      ),
    }),
  ),
});

export interface FacilityEntry {
  id: string;
  lang: Lang;
  mapType: z.infer<typeof rawFacility>['field_facility_type'];
  name: string;
  /** The language of the name (marked with `lang` on a page of the other language). */
  nameLang: Lang;
  street: string;
  city: string;
  postalCode: string;
  phone: string;
  /** tel: URI of the phone number, e.g. tel:+15064529482. */
  tel: string;
  lat: number;
  lng: number;
}

export function toFacility(node: z.infer<typeof rawFacility>): FacilityEntry {
  const a = node.field_address;
  const digits = node.field_phone.replace(/\D/g, '');
  const postal = a.postal_code.replace(/\s+/g, '').toUpperCase();
  return {
    id: node.id,
    lang: node.langcode,
    mapType: node.field_facility_type,
    // An English name gets no French spacing.
    name: typography(node.field_name_language ?? node.langcode, node.title),
    nameLang: node.field_name_language ?? node.langcode,
    street: [a.address_line1, a.address_line2].filter(Boolean).join(', '),
    city: a.locality,
    postalCode: `${postal.slice(0, 3)} ${postal.slice(3)}`,
    phone: node.field_phone,
    tel: `tel:+${digits.length === 10 ? `1${digits}` : digits}`,
    lat: node.field_geolocation.lat,
    lng: node.field_geolocation.lng,
  };
}

export const facilitySource = defineSource({
  type: 'node--facility',
  resource: 'node/facility',
  query: () => published().addSort('title').getQueryString(),
  schema: rawFacility,
  toEntry: toFacility,
});
