// Issue 29 items 3 and 4: redirect sources and targets from the CMS never become nginx directives,
// `_redirects` rules, headers or HTML. The nginx include is checked by Debian's nginx itself
// (`nginx -t`) and served by it: the injected location does not leak a file, the redirect works.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { netlifyRedirects, nginxConfig, redirectHtml, type Redirect } from '../../src/release/redirects/redirects.ts';
import { netlifyHeaders, nginxHeaders } from '../../src/release/headers/security-headers.ts';
import { raw } from './support.ts';
import { nginxTest, serveNginx } from './nginx-run.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'redirect-outputs-'));
const site = path.join(work, 'site');
const secretDir = path.join(work, 'secret');
mkdirSync(path.join(site, 'fr'), { recursive: true });
mkdirSync(secretDir);
writeFileSync(path.join(site, 'fr/correction.html'), 'correction page');
writeFileSync(path.join(secretDir, 'token.txt'), 'TOP-SECRET');
mkdirSync(path.join(site, 'en'), { recursive: true });
writeFileSync(path.join(site, 'en/404.html'), 'not found page');
// nginx's workers may run as another user: everything readable, so only the configuration decides.
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const leak = `\\"; } location ~ ^/leak/(.*)$ { alias ${secretDir}/$1; } #`;
const good: Redirect = { from: '/sondage', to: '/fr/correction', external: false };
const hostile: Redirect[] = [
  // Item 3: the target breaks out of its quotes (external, and the same on an internal target).
  { from: '/leaky', to: `https://example.ca/x${leak}`, external: true },
  { from: '/leaky-internal', to: `/fr/correction${leak}`, external: false },
  // A vanity ending in a backslash made `nginx -t` fail (every later deploy failed); `"` and `$` too.
  { from: '/x\\', to: '/fr/correction', external: false },
  { from: '/y"', to: '/fr/correction', external: false },
  { from: '/z$uri', to: '/fr/correction', external: false },
  // Item 4: a newline in a target adds its own `_redirects` rule (and an nginx line).
  { from: '/newline', to: 'https://ok.example/\n/* https://evil.example/:splat 200!', external: true },
  { from: '/crlf', to: '/fr/correction\r\n/* https://evil.example/:splat 200!', external: false },
  // Targets: only http(s) web addresses or paths of this site.
  { from: '/js', to: 'javascript:alert(1)', external: true },
  { from: '/data', to: 'data:text/html,<script>alert(1)</script>', external: true },
  { from: '/other-host', to: '//evil.example/', external: false },
  { from: '/long', to: `https://example.ca/${'a'.repeat(3000)}`, external: true },
];
const list = [good, ...hostile];

describe('nginx include from hostile redirects', () => {
  const conf = (port: number) => nginxConfig(list, { root: site, frenchHost: `localhost:${port}` });

  it('passes nginx -t and holds exactly the safe redirect', () => {
    const text = conf(8080);
    const result = nginxTest(text);
    expect(result.ok, result.output).toBe(true);
    expect(text).not.toContain('/leak/');
    expect(text).not.toContain('evil.example');
    expect(text.match(/^ {2}location = "/gm)).toHaveLength(2); // /sondage and /sondage/
  });

  it('served by nginx: the injected location does not exist, the secret is not served, the redirect works', async () => {
    // The two breakouts alone (before the fix nginx accepted them and served TOP-SECRET).
    const nginx = await serveNginx((port) =>
      nginxConfig([good, ...hostile.slice(0, 2)], { root: site, frenchHost: `localhost:${port}` }),
    );
    try {
      for (const p of ['/leak/token.txt', '/leak/../secret/token.txt']) {
        const response = await raw(nginx.url, p);
        expect(response.text).not.toContain('TOP-SECRET');
        expect(response.status).toBe(404);
      }
      const moved = await raw(nginx.url, '/sondage');
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe('/fr/correction');
    } finally {
      await nginx.stop();
    }
  });

  it('a root, a French host or a header value that nginx would read as syntax is refused, not quoted', () => {
    expect(() => nginxConfig([good], { root: '/srv/x"; include /etc/passwd; #' })).toThrow(/nginx/);
    expect(() => nginxConfig([good], { root: '/srv/site', frenchHost: 'fr.example"; return 200 "x' })).toThrow(
      /not a host name/,
    );
    expect(() => nginxHeaders({ 'X-Test': 'a" always; add_header X-Evil "1' })).toThrow(/nginx/);
    expect(() => nginxHeaders({ 'X-Test': 'a\nadd_header X-Evil 1;' })).toThrow(/one line/);
  });
});

describe('_redirects, headers and stubs from hostile redirects', () => {
  it('_redirects: one rule per safe redirect, each "source target status", no rule from a target', () => {
    const text = netlifyRedirects(list);
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toEqual(['/ /en/home 302', '/sondage /fr/correction 301', '/sondage/ /fr/correction 301']);
    expect(text).not.toContain('evil.example');
    // Variant: the same newline attack in a source.
    expect(netlifyRedirects([{ from: '/a\n/* https://evil.example/ 200!', to: '/fr/x', external: false }])).toBe(
      '/ /en/home 302\n',
    );
  });

  it('_headers: a value with a line break is refused', () => {
    expect(() => netlifyHeaders({ 'X-Test': 'a\n/*\n  X-Evil: 1' })).toThrow(/one line/);
    expect(netlifyHeaders({ 'X-Test': 'a' }, [])).toBe('/*\n  X-Test: a\n');
  });

  it('stub pages: no stub for a hostile redirect; a quote or angle bracket in a target is percent-encoded', () => {
    for (const r of hostile) expect(redirectHtml(r), r.from).toBeNull();
    const html = redirectHtml({ from: '/q', to: `https://example.ca/"><script>alert(1)</script>'`, external: true })!;
    expect(html).not.toMatch(/<script>|'|%22>/);
    expect(html).toContain('content="0; url=https://example.ca/%22%3E%3Cscript%3Ealert(1)%3C/script%3E%27"');
  });
});

describe('the service worker’s address', () => {
  // A vanity URL /sw.js gave nginx a second `location = /sw.js` (nginx -t refused the include: every
  // deploy failed) and would have taken the site's worker address for a redirect.
  const taking: Redirect[] = ['/sw.js', '/sw.js/', '/./sw.js', '/%73w.js'].map((from) => ({
    from,
    to: '/fr/correction',
    external: false,
  }));
  it('a redirect from /sw.js is refused, and nginx -t accepts the include', () => {
    const text = nginxConfig([good, ...taking], { root: site });
    expect(text.match(/^ {2}location = "/gm)).toHaveLength(2); // /sondage and /sondage/ only
    const result = nginxTest(text);
    expect(result.ok, result.output).toBe(true);
    expect(netlifyRedirects(taking)).not.toContain('sw.js');
  });
});
