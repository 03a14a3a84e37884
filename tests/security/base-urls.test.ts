// Issue 43 item 6: a configured base URL with a path (Drupal under https://cms.example/drupal) is
// kept when a path is joined to it. The outbox posted applications, with Basic auth and SINs, to
// /webform_rest/submit at the host's root: whoever serves the root got them. A WEBFORM_URL that
// cannot be a base (a query, a fragment, credentials in it) is refused at start-up.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../scripts/local-cms/server.ts';
import { parseServiceConfig } from '../../src/config/service.ts';
import { parseSiteEnv } from '../../src/config/site-env.ts';
import { resolveLink } from '../../src/content/links.ts';
import { createWebformClient } from '../../src/service/outbox/webform-client.ts';
import { startServer } from '../../src/service/start.ts';
import { validApplication } from '../../src/features/chb-registration/tests/support.ts';
import { json, raw, waitFor } from './support.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** The local CMS as if installed under /drupal: its paths are served there, anything else is 404 (and noted). */
async function cmsUnderDrupal() {
  const cms = await startLocalCms({ port: 0 });
  closers.push(cms.close);
  const outside: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/drupal/')) {
      outside.push(`${req.method} ${url} ${req.headers.authorization ?? ''}`);
      req.resume();
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not here"}');
    }
    const upstream = http.request(new URL(url.slice('/drupal'.length), cms.url), {
      method: req.method,
      headers: req.headers,
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { cms, outside, base: `http://127.0.0.1:${(server.address() as { port: number }).port}/drupal` };
}

async function intakeForwardingTo(webformUrl: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sec-base-url-'));
  closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    port: 0,
    site: { distDir: path.join(dataDir, 'none') },
    dataDir,
    log: () => undefined,
    forwarding: { webformUrl, retryMs: 30, auth: 'intake:webform-password' },
  });
  closers.push(server.close);
  const pending = async () =>
    (JSON.parse((await raw(server.url, '/api/health')).text) as { outbox: { pending: number } }).outbox.pending;
  return { server, pending };
}

describe('WEBFORM_URL with a base path', () => {
  it('an application (Basic auth, SIN) is posted under /drupal, never to the host’s root', async () => {
    const { cms, outside, base } = await cmsUnderDrupal();
    const { server, pending } = await intakeForwardingTo(base);
    expect((await raw(server.url, '/api/applications', json(validApplication([])))).status).toBe(201);
    await waitFor(async () => (await pending()) === 0);
    expect(outside).toEqual([]);
    expect(cms.webform.submissions.filter((s) => s.webform_id === 'chb_registration')).toHaveLength(1);
  });

  it('variant: with a trailing slash, a feedback and a document upload go under /drupal too', async () => {
    const { cms, outside, base } = await cmsUnderDrupal();
    const { server, pending } = await intakeForwardingTo(`${base}/`);
    const feedback = { page: '/en/home', lang: 'en', answer: 'no', comment: 'base path' };
    expect((await raw(server.url, '/api/feedback', json(feedback))).status).toBe(200);
    await waitFor(async () => (await pending()) === 0);
    const fid = await createWebformClient({ url: base }).upload(
      { webformId: 'chb_registration', field: 'rental_documents' },
      { filename: 'lease.pdf', bytes: new Uint8Array(Buffer.from('%PDF-1.7 lease')) },
      5000,
    );
    expect(fid).toMatch(/^\d+$/);
    expect(outside).toEqual([]);
    expect(cms.webform.submissions.map((s) => s.comment)).toContain('base path');
  });
});

describe('a WEBFORM_URL that cannot be a base is refused at start-up', () => {
  const refused = [
    'https://cms.example/drupal?_format=json',
    'https://cms.example/drupal#top',
    'https://intake:secret@cms.example/drupal',
    'http://cms.example/drupal',
  ];
  it.each(refused)('startServer refuses %s', async (webformUrl) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sec-base-url-'));
    closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await expect(
      startServer({ port: 0, site: { distDir: dataDir }, dataDir, log: () => undefined, forwarding: { webformUrl } }),
    ).rejects.toThrow(/WEBFORM_URL/);
  });

  it.each(refused)('variant: the settings refuse %s, naming WEBFORM_URL', (webformUrl) => {
    expect(() => parseServiceConfig({ WEBFORM_URL: webformUrl })).toThrow(/WEBFORM_URL/);
  });
});

describe('CMS_URL with a base path', () => {
  it('a typed link to a CMS file keeps the base path', () => {
    expect(
      resolveLink('internal:/sites/default/files/guide.pdf', 'en', undefined, 'https://cms.example/drupal/'),
    ).toEqual({
      href: 'https://cms.example/drupal/sites/default/files/guide.pdf',
    });
  });

  it('variant: without the trailing slash, and a private file with its query', () => {
    expect(resolveLink('internal:/system/files/a.pdf?v=2', 'fr', undefined, 'https://cms.example/drupal')).toEqual({
      href: 'https://cms.example/drupal/system/files/a.pdf?v=2',
    });
  });
});

describe('the other configured URLs joined with paths', () => {
  it('CMS_URL (build and preview) with a query or credentials is refused, naming it', () => {
    expect(() => parseSiteEnv({ CMS_URL: 'https://cms.example/drupal?x=1' })).toThrow(
      /CMS_URL: must not carry a query/,
    );
    expect(() => parseServiceConfig({ CMS_URL: 'https://editor:pw@cms.example/' })).toThrow(
      /CMS_URL: must not carry credentials/,
    );
    expect(parseSiteEnv({ CMS_URL: 'https://cms.example/drupal' }).CMS_URL).toBe('https://cms.example/drupal');
  });

  it('variant: SITE_URL and INTAKE_URL must be origins (the browser joins /api/… to INTAKE_URL)', () => {
    expect(() => parseSiteEnv({ SITE_URL: 'https://site.example/nb' })).toThrow(/SITE_URL: must be an origin/);
    expect(() => parseServiceConfig({ INTAKE_URL: 'https://intake.example/api' })).toThrow(
      /INTAKE_URL: must be an origin/,
    );
    expect(parseSiteEnv({ SITE_URL: 'https://site.example/', INTAKE_URL: 'https://intake.example/' })).toMatchObject({
      SITE_URL: 'https://site.example/',
    });
  });
});
