import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  cacheRules,
  contentSecurityPolicy,
  inlineScriptHashes,
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
});
