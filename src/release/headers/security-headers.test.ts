import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  cacheRules,
  contentSecurityPolicy,
  inlineScriptHashes,
  MAX_HEADER_RULES,
  netlifyHeaders,
  scriptHash,
} from './security-headers.ts';

describe('security headers', () => {
  it('hashes executable inline scripts only', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/json">{"a":1}</script>';
    expect(inlineScriptHashes(html)).toEqual([scriptHash('a()'), scriptHash('b()')]);
  });

  it('builds a CSP without unsafe-inline scripts, framing only the chat origins', () => {
    const csp = contentSecurityPolicy({
      scriptHashes: [scriptHash('a()')],
      chatUrls: ['https://chat.example.ca/en?x=1', 'https://chat.example.ca/fr'],
      tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      intakeUrl: 'https://intake.example.ca',
    });
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).toContain(scriptHash('a()'));
    expect(csp).toContain('frame-src https://chat.example.ca;');
    expect(csp).toContain("img-src 'self' data: blob: https://*.tile.openstreetmap.org");
    expect(csp).toContain("connect-src 'self' https://intake.example.ca");
  });
});

describe('cache rules', () => {
  it('has browsers revalidate the service worker every time, and keep hashed assets for good', () => {
    expect(cacheControlFor('/sw.js')).toBe('no-cache');
    expect(cacheControlFor('/_astro/a.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/en/offline')).toBe('public, max-age=300, must-revalidate');
    expect(netlifyHeaders({}, cacheRules)).toContain('/sw.js\n  Cache-Control: no-cache\n');
  });

  it("gives each redirect from the root the pages' rule, with and without its slash, never a rule twice", () => {
    const entries = [
      { name: 'en', folder: true },
      { name: '_astro', folder: true },
      { name: 'sw.js', folder: false },
      { name: 'en', folder: false, redirect: true },
      { name: 'dental', folder: false, redirect: true },
    ];
    const text = netlifyHeaders({ 'X-Frame-Options': 'DENY' }, cacheRules, entries);
    const patterns = text.split('\n').filter((line) => line.startsWith('/'));
    expect(patterns).toEqual([
      '/*',
      '/_astro/*',
      '/pagefind/*',
      '/search-index.json',
      '/sw.js',
      '/en/*',
      '/dental',
      '/dental/',
      '/en',
    ]);
    expect(text).toContain('/dental/\n  Cache-Control: public, max-age=300, must-revalidate\n');
  });

  it('writes at most the rules Cloudflare Pages reads, and names the redirects left out', () => {
    const roots = Array.from({ length: 120 }, (_, i) => ({
      name: `v${String(i).padStart(3, '0')}`,
      folder: false,
      redirect: true,
    }));
    let leftOut: string[] = [];
    const text = netlifyHeaders(
      { 'X-Frame-Options': 'DENY' },
      cacheRules,
      [{ name: 'en', folder: true }, ...roots],
      (p) => {
        leftOut = p;
      },
    );
    const patterns = text.split('\n').filter((line) => line.startsWith('/'));
    expect(patterns).toHaveLength(MAX_HEADER_RULES);
    expect(leftOut).toHaveLength(240 - (MAX_HEADER_RULES - 6));
    expect(patterns).not.toContain(leftOut[0]);
  });
});
