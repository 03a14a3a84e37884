// Every interface string exists in both languages with the same placeholders: the layout's strings
// (src/i18n/en.ts, fr.ts) and every feature's strings module (any src/**/*strings.ts exporting
// { en, fr } objects), found by file name so that a new module is checked without being listed.
import { describe, expect, it } from 'vitest';
import { en } from '../en.ts';
import { fr } from '../fr.ts';

type Tree = { [key: string]: unknown };
const modules = import.meta.glob<Record<string, unknown>>('../../../src/**/*strings.ts', { eager: true });

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Keys, placeholders and value kinds of one language's tree, as comparable lines. */
function shape(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const name = `${prefix}${key}`;
    if (typeof value === 'string') return [`${name} {${placeholders(value).join(',')}}`];
    if (typeof value === 'function') return [`${name} (${value.length} arguments)`];
    if (value && typeof value === 'object') return shape(value as Tree, `${name}.`);
    return [`${name} ${typeof value}`];
  });
}

const pairs = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => value && typeof value === 'object' && 'en' in value && 'fr' in value)
    .map(([name, value]) => [`${file.replace(/^(\.\.\/)+/, '')} ${name}`, value as { en: Tree; fr: Tree }] as const),
);

describe('interface strings: both languages, same keys, same placeholders', () => {
  it('finds the feature string modules', () => {
    expect(pairs.length).toBeGreaterThan(8);
  });

  it('src/i18n: the layout strings', () => {
    expect(shape(fr)).toEqual(shape(en));
  });

  it.each(pairs)('%s', (_name, strings) => {
    expect(shape(strings.fr)).toEqual(shape(strings.en));
  });
});
