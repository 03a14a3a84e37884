// One build, served three ways: by Cloudflare's Pages emulator (`wrangler pages dev`, Cloudflare's
// runtime reading `_headers` and `_redirects` as Pages does), by the intake service's static
// server (`npm run serve`) and by nginx with the generated include. Every redirect, every error
// page (status and language) and the headers of each page type must be the same on all three, and
// no host may add a hop of its own to the site's addresses (docs/deployment.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor } from '../../src/release/headers/security-headers.ts';
import { startServer } from '../../src/service/start.ts';
import { nginxPrefix, runNginx } from '../e2e/support/nginx.ts';
import { diesWithParent } from '../e2e/support/processes.ts';
import { builtSite, SITE_URL } from './built-site.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'cdn-hosts-'));
const closers: Array<() => Promise<unknown>> = [];
let dist = '';
let hosts: Record<'pages' | 'serve' | 'nginx', string>;
let redirects: Array<{ from: string; to: string; status?: number }>;
let siteHeaders: Record<string, string>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function until(ready: () => Promise<boolean>, what: string, child?: ChildProcess, log?: () => string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${log?.()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer within 90 s:\n${log?.()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Cloudflare's Pages emulator on `dir`, offline: no metrics, no update check, no `Request.cf` download. */
async function startPages(dir: string, port: number) {
  const [command, args] = diesWithParent(process.execPath, [
    path.join(path.dirname(fileURLToPath(import.meta.resolve('wrangler/package.json'))), 'bin/wrangler.js'),
    'pages',
    'dev',
    dir,
    '--ip=127.0.0.1',
    `--port=${port}`,
    '--compatibility-date=2025-01-01',
    '--inspector-port=0',
    '--log-level=warn',
  ]);
  let output = '';
  const child = spawn(command, args, {
    cwd: work,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      XDG_CONFIG_HOME: path.join(work, 'config'),
      WRANGLER_LOG_PATH: path.join(work, 'wrangler-logs'),
      CI: '1',
    },
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  closers.push(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  await until(
    () => fetch(`${url}/favicon.svg`).then((r) => r.status === 200),
    'wrangler pages dev',
    child,
    () => output,
  );
  return { url, output: () => output };
}

beforeAll(async () => {
  dist = await builtSite();
  const deploy = (name: string) => readFileSync(path.join(`${dist}-deploy`, name), 'utf8');
  redirects = JSON.parse(deploy('redirects.json'));
  siteHeaders = (JSON.parse(deploy('headers.json')) as { headers: Record<string, string> }).headers;

  const [pagesPort, nginxPort] = [await freePort(), await freePort()];
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    site: { distDir: dist },
    dataDir: mkdtempSync(path.join(work, 'data-')),
    log: () => {},
  });
  closers.push(() => server.close());
  const prefix = nginxPrefix({
    port: nginxPort,
    files: { 'site.conf': deploy('nginx.conf'), 'security-headers.conf': deploy('security-headers.conf') },
  });
  const nginx = await runNginx(
    prefix,
    () => fetch(`http://127.0.0.1:${nginxPort}/favicon.svg`).then((r) => r.ok),
    'ignore',
  );
  closers.push(nginx.stop);
  const pages = await startPages(dist, pagesPort);
  hosts = { pages: pages.url, serve: server.url.replace(/\/$/, ''), nginx: `http://127.0.0.1:${nginxPort}` };
}, 240_000);

afterAll(async () => {
  while (closers.length) await closers.pop()!().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

interface Answer {
  status: number;
  location: string | null;
  cacheControl: string | null;
  headers: Headers;
  body: string;
}

async function ask(host: keyof typeof hosts, pathname: string): Promise<Answer> {
  const response = await fetch(`${hosts[host]}${pathname}`, { redirect: 'manual' });
  const body = await response.text();
  return {
    status: response.status,
    location: response.headers.get('location'),
    cacheControl: response.headers.get('cache-control'),
    headers: response.headers,
    body,
  };
}

async function everyHost(pathname: string): Promise<Record<keyof typeof hosts, Answer>> {
  const [pages, serve, nginx] = await Promise.all([
    ask('pages', pathname),
    ask('serve', pathname),
    ask('nginx', pathname),
  ]);
  return { pages, serve, nginx };
}

/** The security headers the build computed, as each host sent them (lower-case names). */
function securityOf(answer: Answer): Record<string, string | null> {
  return Object.fromEntries(Object.keys(siteHeaders).map((name) => [name, answer.headers.get(name)]));
}

const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0] ?? '(no html element)';

const PAGES = [
  '/en/home',
  '/fr/home',
  '/en/category/seniors',
  '/fr/category/seniors',
  '/en/program/home-support-services',
  '/fr/program/services-de-soutien-a-domicile',
  '/en/simple_page/intimate-partner-violence',
  '/en/search',
  '/fr/search',
  '/en/calculator',
  '/en/map/nursing-homes',
  '/en/correction',
  '/en/offline',
  '/en/error',
];

describe('the same site on Cloudflare Pages, npm run serve and nginx', () => {
  for (const page of PAGES) {
    it(`${page}: 200 at its own address, with the security headers and one Cache-Control`, async () => {
      const answers = await everyHost(page);
      for (const [host, answer] of Object.entries(answers)) {
        expect(answer.status, `${host} ${page} (Location: ${answer.location})`).toBe(200);
        expect(securityOf(answer), `${host} ${page}`).toEqual(
          securityOf({ headers: new Headers(siteHeaders) } as Answer),
        );
        expect(answer.cacheControl, `${host} ${page}`).toBe(cacheControlFor(page));
      }
      // The page's own addresses (canonical, hreflang) are the ones served, with no hop.
      const own = [...answers.pages.body.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
      expect(own).toContain(`${SITE_URL}${page}`);
      for (const address of own) {
        expect(address.startsWith(SITE_URL), address).toBe(true);
        const answer = await ask('pages', address.slice(SITE_URL.length));
        expect(answer.status, `${address} on Pages (Location: ${answer.location})`).toBe(200);
      }
    });
  }

  it('every internal link of the page types reaches a page with no hop the site did not make', async () => {
    const moved = new Set(redirects.map((r) => r.from));
    const links = new Set<string>();
    for (const page of PAGES) {
      const body = (await ask('serve', page)).body;
      for (const m of body.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) links.add(m[1]!);
    }
    const hops: string[] = [];
    for (const link of links) {
      const answer = await ask('pages', link);
      if (answer.status !== 200 && !moved.has(link)) hops.push(`${link}: ${answer.status} ${answer.location ?? ''}`);
    }
    expect(hops).toEqual([]);
  });

  it('a page asked with a trailing slash is sent once to its address, alike on every host', async () => {
    for (const page of ['/en/home/', '/fr/category/seniors/']) {
      const answers = await everyHost(page);
      for (const [host, answer] of Object.entries(answers))
        expect([answer.status, answer.location], `${host} ${page}`).toEqual([308, page.slice(0, -1)]);
    }
  });

  it('the root goes to the English home page with a redirect', async () => {
    const answers = await everyHost('/');
    for (const [host, answer] of Object.entries(answers))
      expect([answer.status, answer.location], host).toEqual([302, '/en/home']);
  });

  it('every redirect of the build, with and without a trailing slash, is the same redirect on every host, cached alike', async () => {
    expect(redirects.length).toBeGreaterThan(50);
    // The root vanities (`/dental`, `/sondage`) among them: a permanent redirect without a
    // Cache-Control is kept by browsers by their own heuristics, past an editor's change.
    expect(redirects.filter((r) => /^\/[^/]+$/.test(r.from)).length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const r of redirects) {
      for (const from of r.from.endsWith('/') ? [r.from] : [r.from, `${r.from}/`]) {
        const answers = await everyHost(from);
        for (const [host, answer] of Object.entries(answers)) {
          const got = `${answer.status} ${answer.location}`;
          const want = `${r.status ?? 301} ${r.to}`;
          if (got !== want) wrong.push(`${host} ${from}: ${got} (expected ${want})`);
          // The service's own redirects follow a publish at once (no-cache); the CDN and nginx keep them as a page.
          const cache = host === 'serve' ? 'no-cache' : cacheControlFor(from);
          if (answer.cacheControl !== cache) wrong.push(`${host} ${from}: Cache-Control ${answer.cacheControl}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  const errors: Array<[string, RegExp]> = [
    ['/en/nope', /^<html lang="en">$/],
    ['/en/program/nope', /^<html lang="en">$/],
    ['/fr/nope', /^<html lang="fr">$/],
    ['/fr/category/nope/deeper', /^<html lang="fr">$/],
    ['/nope', /data-bilingual="en fr"/],
  ];
  for (const [missing, page] of errors) {
    it(`${missing}: 404 with the error page of its language, the security headers, never cached long`, async () => {
      const answers = await everyHost(missing);
      for (const [host, answer] of Object.entries(answers)) {
        expect(answer.status, `${host} ${missing}`).toBe(404);
        expect(htmlTag(answer.body), `${host} ${missing}`).toMatch(page);
        expect(securityOf(answer), `${host} ${missing}`).toEqual(
          securityOf({ headers: new Headers(siteHeaders) } as Answer),
        );
        expect(answer.cacheControl ?? 'none', `${host} ${missing}`).not.toMatch(/public|immutable|,/);
      }
    });
  }

  it('assets: one Cache-Control each, the one the build decided, with the security headers', async () => {
    const asset = (dir: string, ext: string) =>
      `/${dir}/${readdirSync(path.join(dist, dir)).find((f) => f.endsWith(ext))}`;
    for (const file of [
      asset('_astro', '.css'),
      asset('_astro', '.js'),
      '/pagefind/pagefind.js',
      '/search-index.json',
      '/sw.js',
      '/favicon.svg',
    ]) {
      const answers = await everyHost(file);
      for (const [host, answer] of Object.entries(answers)) {
        expect(answer.status, `${host} ${file}`).toBe(200);
        expect(answer.cacheControl, `${host} ${file}`).toBe(cacheControlFor(file));
        expect(securityOf(answer), `${host} ${file}`).toEqual(
          securityOf({ headers: new Headers(siteHeaders) } as Answer),
        );
      }
    }
  });

  it('_headers stays within what Pages reads: one /* block, at most 100 rules', () => {
    const rules = readFileSync(path.join(dist, '_headers'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/'));
    expect(rules.filter((rule) => rule === '/*')).toHaveLength(1);
    expect(rules.length).toBeLessThanOrEqual(100);
    expect(new Set(rules).size).toBe(rules.length);
  });

  it('no build-time address is left in what is published (the local CMS, the local site)', () => {
    const leaks: string[] = [];
    const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (const entry of files) {
      const file = path.join(entry.parentPath, entry.name);
      const text = entry.name.endsWith('.pf_fragment')
        ? gunzipSync(readFileSync(file)).toString('utf8')
        : /\.(html|json|js|css|txt|xml|svg)$|^_(headers|redirects)$/.test(entry.name)
          ? readFileSync(file, 'utf8')
          : '';
      for (const m of text.matchAll(/(?:https?:)?\/\/(?:127\.0\.0\.1|localhost|\[::1\])[^\s"'<>]*/g))
        leaks.push(`${path.relative(dist, file)}: ${m[0]}`);
    }
    expect(leaks).toEqual([]);
  });
});
