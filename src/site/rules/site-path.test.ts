import { describe, expect, it } from 'vitest';
import { parseSitePath, siteFile } from './site-path.ts';

// The bounds are UTF-8 bytes, not characters: é is two bytes, 😀 four (two UTF-16 units).
describe('parseSitePath: the length bounds count UTF-8 bytes', () => {
  it('a segment of 200 bytes is kept, one of 201 or more refused, whatever its characters', () => {
    expect(parseSitePath(`/en/${'é'.repeat(100)}`)).toMatchObject({ path: `/en/${'é'.repeat(100)}` });
    expect(parseSitePath(`/en/${'é'.repeat(100)}a`)).toEqual({ error: 'has a part longer than 200 bytes' });
    expect(parseSitePath(`/en/${'😀'.repeat(50)}`)).toEqual({
      error: 'may only hold letters, digits and "-", "_", ".", "~" between its slashes',
    });
    expect(parseSitePath(`/en/${'语'.repeat(66)}ab`)).toMatchObject({ segments: ['en', `${'语'.repeat(66)}ab`] });
    expect(parseSitePath(`/en/${'语'.repeat(67)}`)).toEqual({ error: 'has a part longer than 200 bytes' });
    expect(parseSitePath(`/en/${'a'.repeat(200)}`)).toMatchObject({ segments: ['en', 'a'.repeat(200)] });
    expect(parseSitePath(`/en/${'a'.repeat(201)}`)).toEqual({ error: 'has a part longer than 200 bytes' });
  });

  it('a path of 512 bytes is kept, one of 513 refused, though each part is short enough', () => {
    const part = 'é'.repeat(85); // 170 bytes
    // 1 + 170 + 1 + 170 + 1 + 170 = 513 bytes, 258 characters.
    expect(parseSitePath(`/${part}/${part}/${part}`)).toEqual({ error: 'is longer than 512 bytes' });
    // One é fewer: 511 bytes; an ASCII letter more: 512.
    const shorter = `/${part}/${part}/${'é'.repeat(84)}a`;
    expect(parseSitePath(shorter)).toMatchObject({ path: shorter });
    expect(siteFile(shorter)).toBe(`${shorter.slice(1)}.html`);
  });

  it('the encoded form is bounded too (three times the decoded bound), before decoding', () => {
    const encoded = `/${encodeURIComponent('é').repeat(257)}`; // 1 + 257 × 6 = 1,543 characters
    expect(parseSitePath(encoded)).toEqual({ error: 'is longer than 512 bytes' });
    expect(parseSitePath(`/${encodeURIComponent('é').repeat(100)}`)).toMatchObject({ segments: ['é'.repeat(100)] });
  });
});
