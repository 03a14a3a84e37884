// Broken links an editor typed (marked data-cms-link) are warnings; the same target also linked
// by the build's own markup, or a link the build generated, stays blocking.
import { describe, expect, it } from 'vitest';
import { sanitize } from '../../content/sanitize.ts';
import { editorLinks, splitBrokenLinks } from './link-warnings.ts';
import { linkTargets } from './checks.ts';

describe('editor links', () => {
  it('the sanitizer marks every link of CMS text', () => {
    expect(sanitize('<p><a href="/en/x" onclick="x()">A <b>link</b></a></p>')).toBe(
      '<p><a href="/en/x" data-cms-link>A <b>link</b></a></p>',
    );
  });

  it('lists marked same-site links with their plain text', () => {
    const html = `<nav><a href="/en/home">Home</a></nav>${sanitize('<p><a href="/en/gone?x=1#top">Old &amp; <em>gone</em></a> <a href="https://example.ca/">out</a></p>')}`;
    expect(editorLinks(html)).toEqual([{ target: '/en/gone', text: 'Old & gone' }]);
  });

  it('reports an editor’s broken link as a warning with page, text and target', () => {
    const html = `<main>${sanitize('<p>See <a href="/en/program/old">the old form</a>.</p>')}</main>`;
    const { blocking, warnings } = splitBrokenLinks(html, linkTargets(html), '/en/program/a/');
    expect(blocking).toEqual([]);
    expect(warnings).toEqual([
      {
        kind: 'broken-link',
        message: 'The link "the old form" points to /en/program/old, which does not exist.',
        page: '/en/program/a/',
        linkText: 'the old form',
        target: '/en/program/old',
      },
    ]);
  });

  it('keeps a generated broken link blocking, even when an editor also links there', () => {
    const html = `<a class="lang-switch" href="/fr/category/x/page/3">Français</a>${sanitize('<a href="/fr/category/x/page/3">page 3</a>')}<script src="/_astro/gone.js"></script>`;
    const { blocking, warnings } = splitBrokenLinks(html, linkTargets(html), '/en/category/x/page/3/');
    expect(blocking.sort()).toEqual(['/_astro/gone.js', '/fr/category/x/page/3']);
    expect(warnings).toEqual([]);
  });
});
