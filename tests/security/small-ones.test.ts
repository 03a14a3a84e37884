// Issue 29 item 9, the smaller ones, each attacked over real HTTP against the started service:
// security headers on the no-JavaScript form's 400 page and on the preview; a 5,000-deep JSON
// body; the publishing cookie's expiry; wrong tokens at full speed; a signed webhook's fields on
// the publishing page; the live release's folder on the public status.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from '../../src/release/headers/security-headers.ts';
import { correctionFormHtml } from '../../src/features/correction/rules/correction-form.ts';
import { createHooksApp } from '../../src/service/publishing/hooks-app.ts';
import type { HistoryEntry } from '../../src/release/publisher/build-history.ts';
import type { Publisher } from '../../src/release/publisher/publisher.ts';
import { signedWebhookHeaders } from '../../src/service/publishing/webhook-signature.ts';
import { startServer } from '../../src/service/start.ts';
import { json, raw } from './support.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-small-'));
const dist = path.join(dir, 'site');
const secret = 'small-ones-webhook-secret';
const editorToken = 'small-ones-editor-token';
const previewToken = 'small-ones-preview-token';
const SITE_CSP =
  "default-src 'self'; script-src 'self' 'sha256-site'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";
let clock = Date.now();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'en'), { recursive: true });
  writeFileSync(
    path.join(dist, 'en/correction.html'),
    `<!doctype html><html lang="en"><head><title>Request a correction</title></head><body>${correctionFormHtml({ lang: 'en', action: '/api/corrections' })}</body></html>`,
  );
  writeFileSync(path.join(dist, 'en/home.html'), '<!doctype html><title>Home</title><a href="/en/correction/">x</a>');
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Not found</title>');
  mkdirSync(`${dist}-deploy`);
  writeFileSync(
    path.join(`${dist}-deploy`, 'headers.json'),
    JSON.stringify({
      headers: {
        'Content-Security-Policy': SITE_CSP,
        'X-Content-Type-Options': 'nosniff',
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
      },
      cacheRules: [],
    }),
  );
  // The preview build's server entry: the intake service mounts whatever it renders.
  const preview = path.join(dir, 'preview');
  mkdirSync(path.join(preview, 'server'), { recursive: true });
  mkdirSync(path.join(preview, 'client'), { recursive: true });
  writeFileSync(
    path.join(preview, 'server/entry.mjs'),
    `export const handler = async (req, res, next) => { if (req.url.includes('/missing') || /^\\/preview\\/fr(\\?|$)/.test(req.url)) return next(); res.setHeader('content-type', 'text/html'); res.write('<!doctype html><title>Draft</title>'); res.end('<script>document.title = "Draft";</script><img src="http://127.0.0.1:9/sites/default/files/a.png">'); };`,
  );
  server = await startServer({
    port: 0,
    site: { distDir: dist, siteUrl: 'https://socialsupports.example.ca' },
    dataDir: path.join(dir, 'data'),
    publishing: { releasesDir: path.join(dir, 'releases'), webhookSecret: secret, editorToken },
    preview: { dir: preview, token: previewToken, cmsUrl: 'http://127.0.0.1:9' },
    intake: { trustProxy: ['loopback'] },
    now: () => clock,
    log: () => undefined,
    limits: { rateLimitPerMinute: 10_000 },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const from = (address: string, headers: Record<string, string> = {}) => ({
  headers: { 'x-forwarded-for': address, ...headers },
});

describe('security headers on the pages the service writes itself', () => {
  it('the no-JavaScript correction form answered with its errors (400) carries the site’s CSP, frame-ancestors and nosniff', async () => {
    const response = await raw(server.url, '/api/corrections', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ lang: 'en', type: '', description: '', page: '/en/home' }).toString(),
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('<form');
    expect(response.headers['content-security-policy']).toBe(SITE_CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('variant: the preview’s pages (a draft, a wrong token) carry them too, the CMS allowed for draft images only', async () => {
    for (const [token, status] of [
      [previewToken, 200],
      ['wrong-preview-token!', 401],
    ] as const) {
      const response = await raw(server.url, `/preview/en/program/x?token=${token}`, from('198.51.100.20'));
      expect(response.status, token).toBe(status);
      const csp = response.headers['content-security-policy'] ?? '';
      expect(csp, token).toContain("frame-ancestors 'none'");
      // The draft's own inline script by its hash (the live site's hashes are of other pages).
      expect(csp, token).toContain(
        status === 200
          ? `script-src 'self' ${scriptHash('document.title = "Draft";')}`
          : "script-src 'self' 'sha256-site'",
      );
      expect(csp, token).toMatch(/img-src 'self' data: http:\/\/127\.0\.0\.1:9(;|$)/);
      expect(response.headers['x-content-type-options'], token).toBe('nosniff');
      expect(response.headers['cache-control'], token).toBe('no-store');
    }
  });

  it('refuses a wrong preview token in the language of the page asked for', async () => {
    const fr = await raw(server.url, '/preview/fr/program/x?token=wrong-preview-token!', from('198.51.100.21'));
    expect(fr.status).toBe(401);
    expect(fr.text).toBe('Un jeton d’aperçu valide est requis.');
    const en = await raw(server.url, '/preview/en/program/x?token=wrong-preview-token!', from('198.51.100.21'));
    expect(en.text).toBe('A valid preview token is required.');
  });

  it('says a preview the renderer does not know is not found, in the language of the page asked for', async () => {
    const fr = await raw(server.url, `/preview/fr/program/missing?token=${previewToken}`, from('198.51.100.22'));
    expect(fr.status).toBe(404);
    expect(fr.text).toBe('Page introuvable');
    const en = await raw(server.url, `/preview/en/program/missing?token=${previewToken}`, from('198.51.100.22'));
    expect(en.text).toBe('Page not found');
  });

  it('variant: /preview/fr with nothing after it is French too, its refusal and its not found', async () => {
    const refused = await raw(server.url, '/preview/fr?token=wrong-preview-token!', from('198.51.100.23'));
    expect(refused.text).toBe('Un jeton d’aperçu valide est requis.');
    const missing = await raw(server.url, `/preview/fr?token=${previewToken}`, from('198.51.100.23'));
    expect(missing.text).toBe('Page introuvable');
  });
});

describe('a 5,000-deep JSON body', () => {
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  it('answers 400 with a translated message on /api/feedback, not 500', async () => {
    const body = `{"page":"/fr/home","lang":"fr","answer":"no","comment":${deep(5000)}}`;
    const response = await raw(server.url, '/api/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr-CA' },
      body,
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining('Rien n’a été enregistré'),
    });
  });

  it('variant: corrections and applications (English), and the service still answers', async () => {
    for (const route of ['/api/corrections', '/api/applications']) {
      const response = await raw(server.url, route, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"lang":"en","x":${deep(5000)}}`,
      });
      expect(response.status, route).toBe(400);
      expect(JSON.parse(response.text).message, route).toContain('Nothing was saved');
    }
    expect((await raw(server.url, '/api/feedback', json({ page: '/en/home', lang: 'en', answer: 'yes' }))).status).toBe(
      200,
    );
  });
});

describe('the publishing page’s cookie', () => {
  it('is set for 8 hours and refused by the server after 8 hours, even if the browser kept it', async () => {
    const opened = await raw(server.url, `/hooks/cms/publishing?token=${editorToken}`, from('198.51.100.30'));
    expect(opened.status).toBe(303);
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toContain('Max-Age=28800');
    const cookie = setCookie.split(';')[0]!;
    expect((await raw(server.url, '/hooks/cms/publishing', { headers: { cookie } })).status).toBe(200);
    clock += 7 * 3600_000;
    expect((await raw(server.url, '/hooks/cms/publishing', { headers: { cookie } })).status).toBe(200);
    clock += 3600_000 + 60_000;
    expect((await raw(server.url, '/hooks/cms/publishing', { headers: { cookie } })).status).toBe(401);
  });

  it('variant: a cookie whose issue time was moved forward is refused (the time is signed)', async () => {
    const opened = await raw(server.url, `/hooks/cms/publishing?token=${editorToken}`, from('198.51.100.31'));
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const [name, value] = cookie.split('=') as [string, string];
    const [issued, mac] = value.split('.') as [string, string];
    const moved = `${name}=${Number(issued) + 3600}.${mac}`;
    expect((await raw(server.url, '/hooks/cms/publishing', { headers: { cookie: moved } })).status).toBe(401);
    expect((await raw(server.url, '/hooks/cms/publishing', { headers: { cookie } })).status).toBe(200);
  });
});

describe('wrong tokens at full speed', () => {
  it('600 wrong tokens from one address against the page, the status detail and the preview: at most 10 are checked; the right token from another address still works', async () => {
    const attacker = '203.0.113.66';
    const tries = Array.from({ length: 600 }, (_, i) => {
      const guess = `guess-${String(i).padStart(12, '0')}`;
      if (i % 3 === 0) return () => raw(server.url, `/hooks/cms/publishing?token=${guess}`, from(attacker));
      if (i % 3 === 1)
        return () => raw(server.url, '/hooks/cms/status', from(attacker, { authorization: `Bearer ${guess}` }));
      return () => raw(server.url, `/preview/en/program/x?token=${guess}`, from(attacker));
    });
    const statuses: number[] = [];
    for (let i = 0; i < tries.length; i += 50)
      statuses.push(...(await Promise.all(tries.slice(i, i + 50).map((t) => t()))).map((r) => r.status));
    const checked = statuses.filter((s) => s !== 429).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(600 - checked);

    const page = await raw(server.url, `/hooks/cms/publishing?token=${editorToken}`, from(attacker));
    expect(page.status).toBe(429); // the right token from the blocked address too: the answer must not tell
    expect(page.headers['retry-after']).toMatch(/^\d+$/);
    expect(page.text).toContain('Too many wrong tokens');
    expect(page.text).toMatch(/Please wait (?:1 minute|(?:[2-9]|\d{2,}) minutes),/);

    const editor = '203.0.113.67';
    expect((await raw(server.url, `/hooks/cms/publishing?token=${editorToken}`, from(editor))).status).toBe(303);
    const detail = await raw(server.url, '/hooks/cms/status', from(editor, { authorization: `Bearer ${secret}` }));
    expect(JSON.parse(detail.text)).toHaveProperty('currentRelease');
    expect((await raw(server.url, `/preview/en/program/x?token=${previewToken}`, from(editor))).status).toBe(200);
  });

  it('variant: the public status needs no token and stays open to the blocked address; the block ends with its window', async () => {
    const attacker = '203.0.113.68';
    for (let i = 0; i < 10; i++)
      await raw(server.url, '/hooks/cms/status', from(attacker, { authorization: `Bearer wrong-${i}-xxxxxxxxxx` }));
    expect((await raw(server.url, '/hooks/cms/status', from(attacker, { authorization: 'Bearer x' }))).status).toBe(
      429,
    );
    expect((await raw(server.url, '/hooks/cms/status', from(attacker))).status).toBe(200);
    clock += 10 * 60_000;
    expect(
      (await raw(server.url, '/hooks/cms/publishing', from(attacker, { authorization: `Bearer ${editorToken}` })))
        .status,
    ).toBe(200);
  });
});

describe('the public status', () => {
  it('does not name the live release’s folder; the detail with a token does', async () => {
    const detail = JSON.parse(
      (await raw(server.url, '/hooks/cms/status', from('198.51.100.40', { authorization: `Bearer ${secret}` }))).text,
    ) as { currentRelease: string };
    expect(detail.currentRelease).toMatch(/\d/);
    const open = await raw(server.url, '/hooks/cms/status', from('198.51.100.40'));
    expect(open.text).not.toContain(detail.currentRelease);
    expect(JSON.parse(open.text)).toEqual({
      live: true,
      building: false,
      queued: 0,
      lastResult: null,
      // A count only (this release predates the report): never the pages or their CMS links.
      officialLanguagesOwed: null,
    });
  });
});

describe('a signed webhook’s event and bundle on the publishing page', () => {
  // The publisher behind the hooks only keeps what the webhook gave it, as its history does.
  const history: HistoryEntry[] = [];
  const publisher = {
    trigger: (summary: string, detail?: { event?: string; bundle?: string; id?: string; langcode?: string }) => {
      history.unshift({
        id: `b${history.length}`,
        trigger: summary,
        events: detail ? [{ ...detail, at: new Date().toISOString() }] : [],
        startedAt: new Date().toISOString(),
        finishedAt: null,
        durationMs: null,
        result: 'running',
        error: null,
        pages: null,
        warnings: [],
        warningCount: 0,
      });
      return { queued: false };
    },
    status: async () => ({ currentRelease: null, live: null, building: true, queued: 0, history }),
  } as unknown as Publisher;
  let url = '';
  let close: () => void;
  beforeAll(async () => {
    const app = createHooksApp({ publisher, secret, editorToken });
    await new Promise<void>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        url = `http://127.0.0.1:${info.port}`;
        resolve();
      });
      close = () => s.close();
    });
  });
  afterAll(() => close());
  const deliver = (payload: unknown) => {
    const body = JSON.stringify(payload);
    return fetch(`${url}/cms`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        ...signedWebhookHeaders(secret, body),
      },
    });
  };
  const page = async () =>
    (await fetch(`${url}/cms/publishing`, { headers: { authorization: `Bearer ${editorToken}` } })).text();

  it('shows no markup from the event: an injected meta refresh is neither rendered nor kept', async () => {
    expect(
      (
        await deliver({
          event: '<code><meta http-equiv="refresh" content="0;url=https://evil.example/">',
          bundle: 'program',
          id: 'a1',
          langcode: 'en',
        })
      ).status,
    ).toBe(202);
    const html = await page();
    expect(html).not.toMatch(/<meta http-equiv/i);
    expect(html).not.toContain('evil.example');
    expect(html).toContain('program');
  });

  it('variant: the same in the bundle, id and language, with the saves still named', async () => {
    await deliver({
      event: 'update',
      bundle: '<script>location="https://evil.example/"</script>',
      id: '"><img src=x onerror=alert(1)>',
      langcode: 'fr"><b>',
    });
    await deliver({ event: 'delete', bundle: 'vanity_url', id: '3f1c-9a', langcode: 'fr' });
    const html = await page();
    expect(html).not.toContain('<script>location');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('Deleted a short address (French version) <code>3f1c-9a</code>');
  });
});
