// CMS HTML of French nodes gets French spacing at build time, in text nodes only.
import { describe, expect, it } from 'vitest';
import { sanitize } from './sanitize.ts';

const show = (s: string) => s.replaceAll('\u00a0', '~').replaceAll('\u202f', '^');

describe('sanitize with French typography', () => {
  it('spaces French text nodes and leaves attributes, URLs and entities alone', () => {
    const html =
      '<p>Développement social : <a href="https://x.ca/a?b=1&amp;c=2" title="Aide : ici">1-833-733-7835</a> (sans frais); de 8 h 15 à 16 h 30, 12 500 $ « max » &amp; plus!</p>';
    expect(show(sanitize(html, 'fr'))).toBe(
      '<p>Développement social~: <a href="https://x.ca/a?b=1&amp;c=2" title="Aide : ici" data-cms-link>1-833-733-7835</a> (sans frais)^; de 8~h~15 à 16~h~30, 12~500~$ «^max^» &amp; plus^!</p>',
    );
  });

  it('leaves English as written', () => {
    expect(sanitize('<p>Need help? Call: 8 h</p>', 'en')).toBe('<p>Need help? Call: 8 h</p>');
  });
});

describe('sanitize: tables scroll in their own box', () => {
  it('wraps a table in a focusable region named by its caption', () => {
    expect(sanitize('<table><caption>Beds <em>used</em></caption><tr><td>1</td></tr></table>', 'en')).toBe(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Beds used"><table><caption>Beds <em>used</em></caption><tr><td>1</td></tr></table></div>',
    );
  });

  it('names a table without a caption in the page language', () => {
    const html = sanitize('<table><tr><td>1</td></tr></table><p>x</p>', 'fr');
    expect(html).toMatch(/^<div class="table-scroll" role="region" tabindex="0" aria-label="Tableau [^"]+"><table>/);
    expect(html).toMatch(/<\/table><\/div><p>x<\/p>$/);
  });
});
