// Issue 43 item 1: a vanity path never takes an address the intake service, the language roots or
// the nginx include own. Each spelling of one is refused where content becomes a path (the vanity
// node is skipped with a build warning naming its field) and again before any output is written;
// the include passes Debian's `nginx -t`, and behind real nginx the intake's prefixes reach the
// service whatever redirect the include holds. Item 7 (one piece): the service worker decides
// what it never keeps on the canonical spelling of a path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vanitySource } from '../../src/content/types/vanity-url.ts';
import {
  buildRedirects,
  netlifyRedirects,
  nginxConfig,
  shortPaths,
  type Redirect,
} from '../../src/release/redirects/redirects.ts';
import { checkRedirects } from '../../src/release/redirects/redirect-safety.ts';
import { routesOutsideTable } from '../../src/site/rules/service-routes.ts';
import { startServer } from '../../src/service/start.ts';
import { classify } from '../../src/features/offline/rules/policy.ts';
import { createPublisher } from '../../src/release/publisher/publisher.ts';
import { nginxIncludeProblems } from '../../src/release/checks/nginx-check.ts';
import { nginxPrefix, runNginx } from '../e2e/support/nginx.ts';
import { nginxTest } from './nginx-run.ts';
import { raw } from './support.ts';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Addresses the service, the language roots and the include own, in the spellings an editor may type. */
const taken = [
  '/api/applications',
  '/api/feedback',
  '/api/uploads',
  '/api/corrections',
  '/api/health',
  '/hooks/cms',
  '/hooks/cms/status',
  '/api',
  '/api/',
  '/hooks',
  '/hooks/',
  '/API/feedback',
  '/Api/Applications',
  '/%61pi/feedback',
  '/api/feedback/',
  '/api//feedback',
  '/preview',
  '/preview/en/home',
  '/metrics',
  '/METRICS',
  '/en',
  '/en/',
  '/fr',
  '/fr/',
  '/EN',
  '/Fr/',
  '/__not_found',
  '/__NOT_FOUND',
];

const vanityNode = (url: string) => ({
  id: 'v1',
  type: 'node--vanity_url',
  langcode: 'en',
  status: true,
  field_vanity_url: url,
  field_vanity_target_link: {
    id: 'p',
    field_internal_link: { id: 'n', type: 'node--program', path: { alias: '/program/x' } },
  },
});

const landingPages = (['en', 'fr'] as const).flatMap((lang) =>
  Object.entries(shortPaths).map(([name, id]) => ({ id, lang, alias: `/category/${name}` })),
);
const vanity = (route: string) => ({
  lang: 'en' as const,
  route,
  target: { kind: 'external' as const, url: 'https://evil.example/taken' },
});
/** The redirect list a build makes from these vanities (as if the schema had let them through). */
const built = (routes: string[]) => buildRedirects({ landingPages, vanities: routes.map(vanity), translations: [] });

const work = mkdtempSync(path.join(os.tmpdir(), 'owned-paths-'));
const site = path.join(work, 'site');
mkdirSync(path.join(site, 'en/home'), { recursive: true });
writeFileSync(path.join(site, 'en/home/index.html'), 'home');
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a vanity URL cannot take an address the service or the include owns', () => {
  it('the CMS schema refuses each spelling and names field_vanity_url (the node becomes a build warning)', () => {
    for (const url of taken) {
      const parsed = vanitySource.schema.safeParse(vanityNode(url));
      expect(parsed.success, url).toBe(false);
      expect(parsed.error?.issues[0]?.path, url).toEqual(['field_vanity_url']);
    }
    // Variant: addresses that only look alike stay usable.
    for (const url of ['/apis', '/api-guide', '/hooked', '/english', '/en-bref', '/metrics-report', '/health'])
      expect(vanitySource.schema.safeParse(vanityNode(url)).success, url).toBe(true);
  });

  it('left out before any output: no location, no _redirects rule; the language roots stay the site’s', () => {
    const list = built(taken);
    const { safe } = checkRedirects(list);
    for (const r of safe) expect(r.to, r.from).not.toContain('evil.example');
    expect(safe.find((r) => r.from === '/en')?.to).toBe('/en/home');
    expect(safe.find((r) => r.from === '/fr/')?.to).toBe('/fr/home');
    const include = nginxConfig(list, { root: site });
    expect(include).not.toContain('evil.example');
    expect(netlifyRedirects(list)).not.toContain('evil.example');
    // Variant: a Drupal redirect from `/` (its language's root once prefixed) does not take it either.
    const fromRoot = buildRedirects({
      landingPages,
      vanities: [],
      translations: [],
      cmsRedirects: [{ source: '/', hasQuery: false, uri: 'https://evil.example/', status: 301, language: 'und' }],
    });
    expect(fromRoot.filter((r) => /^\/(en|fr)\/?$/.test(r.from)).map((r) => r.to)).toEqual([
      '/en/home',
      '/en/home',
      '/fr/home',
      '/fr/home',
    ]);
    // Variant, straight to the writers (no build list in front): the same refusals.
    const direct: Redirect[] = taken
      .filter((from) => !/^\/(en|fr)\/?$/.test(from))
      .map((from) => ({ from, to: '/en/home', external: false }));
    expect(checkRedirects(direct).safe).toEqual([]);
  });

  it.skipIf(!existsSync(NGINX))(
    'a vanity /__not_found (or any include name) leaves an include nginx -t accepts',
    () => {
      const result = nginxTest(nginxConfig(built(['/__not_found', '/__NOT_FOUND', '/sondage-x']), { root: site }));
      expect(result.ok, result.output).toBe(true);
    },
  );
});

describe('the list comes from the service’s route table', () => {
  it('the service starts only when every route it mounts lies in the table', async () => {
    // Forms, uploads, applications, health, the webhook, the status, metrics: all in the table.
    const server = await startServer({
      port: 0,
      dataDir: path.join(work, 'data'),
      site: { distDir: site, siteUrl: 'http://localhost' },
      metricsToken: 'metrics-token-of-sufficient-length',
      publishing: { webhookSecret: 'test-secret-of-sufficient-length', releasesDir: path.join(work, 'releases') },
      log: () => undefined,
    });
    await server.close();
    // Variant: a route outside it is named (start-up throws with it).
    expect(
      routesOutsideTable([{ path: '/api/feedback' }, { path: '*' }, { path: '/status' }, { path: '/apis' }]),
    ).toEqual(['/status', '/apis']);
  });
});

describe.skipIf(!existsSync(NGINX))('behind real nginx, the intake’s prefixes reach the service', () => {
  it('POSTs to /api/… and /hooks/… and an operator’s own proxied prefix are proxied, never redirected', async () => {
    const upstream = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`intake ${req.url}`));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamPort = (upstream.address() as AddressInfo).port;
    // `/intake/…`: a prefix the operator proxies that this project does not know of. A vanity
    // under it is accepted (it is not the service's), and must still not beat the proxy.
    const list: Redirect[] = [
      // (The include's own names are left out here: they fail nginx -t, tested above.)
      ...built([...taken.filter((t) => !t.includes('__')), '/intake/applications', '/intake/applications/']),
      { from: '/api/feedback', to: 'https://evil.example/direct', external: true },
    ];
    const port = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const prefix = nginxPrefix({
      port,
      files: { 'site.conf': nginxConfig(list, { root: site }), 'security-headers.conf': '' },
      server: `    location /api/ { proxy_pass http://127.0.0.1:${upstreamPort}; }
    location /hooks/ { proxy_pass http://127.0.0.1:${upstreamPort}; }
    location /intake/ { proxy_pass http://127.0.0.1:${upstreamPort}; }
`,
    });
    const base = `http://127.0.0.1:${port}`;
    const nginx = await runNginx(prefix, () => fetch(`${base}/en/home`).then((r) => r.ok), 'ignore');
    try {
      for (const p of [
        '/api/applications',
        '/api/feedback',
        '/api/uploads',
        '/api/corrections',
        '/hooks/cms',
        '/hooks/cms/status',
        '/%61pi/feedback',
        '/api//feedback',
        '/intake/applications',
      ]) {
        const answer = await raw(base, p, { method: 'POST', body: '{}' });
        expect(answer.status, p).toBe(200);
        expect(answer.text, p).toMatch(/^intake /);
        const got = await raw(base, p);
        expect(got.status, p).toBe(200);
        expect(got.headers.location, p).toBeUndefined();
      }
      // The site's own redirects still work.
      const root = await raw(base, '/en');
      expect(root.status).toBe(301);
      expect(root.headers.location).toBe('/en/home');
    } finally {
      await nginx.stop();
      rmSync(prefix.prefix, { recursive: true, force: true });
      upstream.close();
    }
  });
});

describe.skipIf(!existsSync(NGINX))('nginx -t is a release check', () => {
  const types = ['home', 'program', 'simple_page', 'complex_page', 'page', 'category', 'error', 'search'];
  const all = [...types, 'calculator', 'correction', 'map', 'screening'];
  /** A release the page checks pass, with `include` as its nginx include. */
  const release = (include: string) => async (r: { siteDir: string; deployDir: string }) => {
    for (const lang of ['en', 'fr'])
      for (const type of all) {
        await mkdir(path.join(r.siteDir, lang, type), { recursive: true });
        await writeFile(path.join(r.siteDir, lang, type, 'index.html'), '<!doctype html><title>x</title>');
      }
    await mkdir(r.deployDir, { recursive: true });
    await writeFile(path.join(r.deployDir, 'nginx.conf'), include);
    await writeFile(
      path.join(r.deployDir, 'security-headers.conf'),
      'add_header X-Content-Type-Options "nosniff" always;\n',
    );
  };
  const good = nginxConfig(built(['/sondage-x']), { root: '/srv/releases/current/site' });
  // What the writer made of a vanity /__not_found before it was refused: a second location of that name.
  const duplicate = `${good}location = "/__not_found" { return 301 "https://evil.example/"; }\n`;

  it('an include nginx refuses fails the release, the live one stays; a good one goes live', async () => {
    const releasesDir = mkdtempSync(path.join(work, 'releases-'));
    let include = good;
    const publisher = createPublisher({
      root: releasesDir,
      releasesDir,
      cacheDir: path.join(releasesDir, '.cache'),
      log: () => undefined,
      build: (r) => release(include)(r),
    });
    try {
      publisher.trigger('first');
      await publisher.idle();
      const first = await publisher.status();
      expect(first.lastBuild?.result, first.lastBuild?.error ?? '').toBe('success');
      include = duplicate;
      publisher.trigger('hostile vanity');
      await publisher.idle();
      const second = await publisher.status();
      expect(second.lastBuild?.result).toBe('failed');
      expect(second.lastBuild?.error).toMatch(
        /nginx -t refused the release's nginx include: .*duplicate location "\/__not_found" in nginx\.conf/,
      );
      expect(second.currentRelease).toBe(first.currentRelease);
    } finally {
      publisher.close();
    }
  });

  it('variant: a syntax error is refused too; without nginx on the machine the check has nothing to say', async () => {
    const deployDir = path.join(work, 'deploy-syntax');
    await release(`${good}location = "/x" { return 301 "/y" }\n`)({
      siteDir: path.join(work, 'site-syntax'),
      deployDir,
    });
    expect((await nginxIncludeProblems(deployDir))[0]).toMatch(/nginx -t refused/);
    expect(await nginxIncludeProblems(deployDir, { nginx: null })).toEqual([]);
  });

  it('the live release’s include is not checked again; one byte changed in the include or its headers is', async () => {
    // nginx as a script that notes each run: the check runs the real nginx through it.
    const calls = path.join(work, 'nginx-calls');
    const spy = path.join(work, 'nginx-spy');
    writeFileSync(spy, `#!/bin/sh\necho run >> '${calls}'\nexec '${NGINX}' "$@"\n`);
    chmodSync(spy, 0o755);
    const runs = () => (existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter(Boolean).length : 0);
    const write = async (name: string, include: string, headers?: string) => {
      const r = { siteDir: path.join(work, `site-${name}`), deployDir: path.join(work, `deploy-${name}`) };
      await release(include)(r);
      if (headers !== undefined) await writeFile(path.join(r.deployDir, 'security-headers.conf'), headers);
      return r.deployDir;
    };
    const live = await write('live', good);
    const check = (dir: string, liveDeployDir: string | null = live) =>
      nginxIncludeProblems(dir, { nginx: spy, liveDeployDir });

    expect(await check(await write('same', good))).toEqual([]);
    expect(runs()).toBe(0);
    // A bad include, a bad header line, each one edit away from the live files: nginx is asked, and refuses.
    expect((await check(await write('bad-include', `${good}location = "/x" { return 301 "/y" }\n`)))[0]).toMatch(
      /nginx -t refused/,
    );
    expect(runs()).toBe(1);
    expect((await check(await write('bad-headers', good, 'add_header X-Frame-Options;\n')))[0]).toMatch(
      /nginx -t refused/,
    );
    expect(runs()).toBe(2);
    // No live release, or its files gone: asked.
    expect(await check(await write('first', good), null)).toEqual([]);
    expect(await check(await write('no-live', good), path.join(work, 'deploy-missing'))).toEqual([]);
    expect(runs()).toBe(4);
  });
});

describe('the service worker never keeps a form or a search under another spelling (item 7)', () => {
  const origin = 'https://social.example';
  const page = (p: string) => classify(new URL(`${origin}${p}`), origin, { method: 'GET', mode: 'navigate' });
  const fetched = (p: string) => classify(new URL(`${origin}${p}`), origin, { method: 'GET', mode: 'cors' });

  it('form and search pages in other spellings are pages it does not save', () => {
    for (const p of [
      '/en//chb-registration',
      '/en/chb-regi%73tration',
      '/en/%63hb-registration/',
      '/EN/CHB-Registration',
      '/fr//correction/thanks',
      '/fr/Correction',
      '/en/se%61rch',
      '/en///search/',
      '/en/chb-registration%2F',
      '/en%2Fchb-registration',
      '//en/correction',
    ])
      expect(page(p), p).toBe('page-unsaved');
  });

  it('what cannot be put in canonical form is not saved; the service’s paths in any spelling are left alone', () => {
    for (const p of ['/en/%ZZ', '/en/%252e%252e/home', '/en/a%00b', '/en/%E2%80%AE'])
      expect(page(p), p).toBe('page-unsaved');
    for (const p of [
      '/%61pi/feedback',
      '/API/uploads/x',
      '/Hooks/cms',
      '//api/feedback',
      '/METRICS',
      '/Preview/en/x',
    ]) {
      expect(page(p), p).toBe('bypass');
      expect(fetched(p), p).toBe('bypass');
    }
    // Variant: ordinary pages are still saved, in their ordinary spelling.
    expect(page('/en/program/home-support-services')).toBe('page');
    expect(page('/fr/programme/soins-%C3%A0-domicile')).toBe('page');
  });
});
