// Names that are not ours to translate: a real organisation on the maps (a Meals on Wheels group,
// a nursing home) is named as it writes its name, the same on the English and the French page;
// only the invented sample records (named "(sample)" / « (exemple) ») carry a French name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const snapshot = path.resolve(import.meta.dirname, '../../../scripts/local-cms/snapshot');
type Facility = { id: string; attributes: { title: string; field_facility_type: string } };
const facilities = (lang: 'en' | 'fr') =>
  JSON.parse(readFileSync(path.join(snapshot, lang, 'node--facility.json'), 'utf8')) as Facility[];

describe('names that are not ours to translate', () => {
  it('a real facility has the same name in both languages', () => {
    const fr = new Map(facilities('fr').map((f) => [f.id, f.attributes.title]));
    const real = facilities('en').filter((f) => !/\(sample\)/.test(f.attributes.title));
    expect(real.filter((f) => f.attributes.field_facility_type === 'meals_on_wheels').length).toBeGreaterThanOrEqual(5);
    const renamed = real
      .filter((f) => fr.get(f.id) !== f.attributes.title)
      .map((f) => `${f.attributes.title} → ${fr.get(f.id)}`);
    expect(renamed).toEqual([]);
  });
});
