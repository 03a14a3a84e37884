// Issue 43 item 7: answers that carry personal data or editor-only state must not be kept by a
// browser or a shared cache (the status detail, the correction form's error page echoing a name
// and an e-mail had no Cache-Control): every route of the service answers `no-store` unless it
// serves the public site, walked from the service's own route table so a new route cannot forget.
// And the publishing cookie is `Secure` when the service's public origin is https, whatever
// X-Forwarded-Proto says (the documented nginx did not set it).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctionFormHtml } from '../../src/features/correction/rules/correction-form.ts';
import { startServer } from '../../src/service/start.ts';
import { raw } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-private-'));
const dist = path.join(dir, 'site');
const secret = 'private-answers-webhook-secret';
const editorToken = 'private-answers-editor-token';
const previewToken = 'private-answers-preview-token';
const metricsToken = 'private-answers-metrics-token';
let server: Awaited<ReturnType<typeof startServer>>;
let httpsServer: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'en'), { recursive: true });
  writeFileSync(
    path.join(dist, 'en/correction.html'),
    `<!doctype html><html lang="en"><head><title>Correction</title></head><body>${correctionFormHtml({ lang: 'en', action: '/api/corrections' })}</body></html>`,
  );
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Not found</title>');
  const preview = path.join(dir, 'preview');
  mkdirSync(path.join(preview, 'server'), { recursive: true });
  mkdirSync(path.join(preview, 'client'), { recursive: true });
  writeFileSync(
    path.join(preview, 'server/entry.mjs'),
    `export const handler = async (req, res) => { res.setHeader('content-type', 'text/html'); res.end('<!doctype html><title>Draft</title>'); };`,
  );
  const common = {
    port: 0,
    preview: { dir: preview, token: previewToken, cmsUrl: 'http://127.0.0.1:9' },
    metricsToken,
    log: () => undefined,
    limits: { rateLimitPerMinute: 10_000 },
  };
  server = await startServer({
    ...common,
    site: { distDir: dist, siteUrl: 'http://127.0.0.1:4321' },
    dataDir: path.join(dir, 'data'),
    publishing: { releasesDir: path.join(dir, 'releases'), webhookSecret: secret, editorToken },
  });
  httpsServer = await startServer({
    ...common,
    site: { distDir: dist, siteUrl: 'https://socialsupports.example.ca' },
    dataDir: path.join(dir, 'data-https'),
    publishing: { releasesDir: path.join(dir, 'releases-https'), webhookSecret: secret, editorToken },
  });
});
afterAll(async () => {
  await server?.close();
  await httpsServer?.close();
  rmSync(dir, { recursive: true, force: true });
});

const noStore = (headers: Record<string, unknown>) => String(headers['cache-control'] ?? '').includes('no-store');

describe('Cache-Control: no-store on what carries personal data or editor-only state', () => {
  it('the correction form’s error page, which echoes the name and e-mail sent, is not to be stored', async () => {
    const response = await raw(server.url, '/api/corrections', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({
        lang: 'en',
        type: '',
        description: '',
        name: 'Alex Tremblay',
        email: 'alex@example.ca',
        page: '/en/home',
      }).toString(),
    });
    expect(response.status).toBe(400);
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('the status detail (Bearer token) is not to be stored, nor the public status', async () => {
    const detail = await raw(server.url, '/hooks/cms/status', { headers: { authorization: `Bearer ${secret}` } });
    expect(detail.status).toBe(200);
    expect(JSON.parse(detail.text)).toHaveProperty('currentRelease');
    expect(detail.headers['cache-control']).toContain('no-store');
    expect((await raw(server.url, '/hooks/cms/status')).headers['cache-control']).toContain('no-store');
  });

  it('variant: every route in the service’s route table but the public site’s files, every method, any answer', async () => {
    const requests = server.routes
      .filter((r) => !(r.path === '*' || r.path === '/*' || r.path.startsWith('/preview/_astro')))
      .flatMap((r) => {
        const concrete = r.path.replace(/:[^/]+/g, 'x').replaceAll('*', 'x');
        const methods = r.method === 'ALL' ? ['GET', 'POST', 'HEAD', 'PATCH', 'DELETE'] : [r.method];
        return methods.map((method) => ({ method, path: concrete }));
      });
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/applications', '/api/corrections', '/hooks/cms/status', '/metrics']),
    );
    const stored: string[] = [];
    for (const { method, path: p } of requests) {
      const asked: Array<Record<string, string>> = [
        {},
        { authorization: `Bearer ${secret}`, 'tus-resumable': '1.0.0' },
      ];
      for (const headers of asked) {
        const response = await raw(server.url, p, { method, headers });
        if (!noStore(response.headers))
          stored.push(`${method} ${p} ${response.status} ${response.headers['cache-control']}`);
      }
    }
    expect(stored).toEqual([]);
  });
});

describe('the publishing cookie is Secure when the public origin is https', () => {
  it('behind nginx that sets no X-Forwarded-Proto (plain HTTP to the service), SITE_URL https: Secure', async () => {
    const opened = await raw(httpsServer.url, `/hooks/cms/publishing?token=${editorToken}`);
    expect(opened.status).toBe(303);
    expect(String(opened.headers['set-cookie'])).toMatch(/;\s*Secure/);
  });

  it('variant: an http:// public origin (development) gets no Secure; the documented nginx sets X-Forwarded-Proto', async () => {
    const opened = await raw(server.url, `/hooks/cms/publishing?token=${editorToken}`);
    expect(opened.status).toBe(303);
    expect(String(opened.headers['set-cookie'])).not.toMatch(/Secure/);
    for (const doc of ['docs/deployment.md', 'docs/operations.md', 'tests/e2e/support/nginx.ts'])
      expect(readFileSync(path.join(root, doc), 'utf8'), doc).toContain('proxy_set_header X-Forwarded-Proto $scheme');
  });
});
