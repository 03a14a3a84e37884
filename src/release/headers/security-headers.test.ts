import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, scriptHash } from './security-headers.ts';

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
