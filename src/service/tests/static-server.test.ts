// The site as `npm run serve` gives it (no nginx): the build's redirect list answered with real
// 301s (with or without a trailing slash), `/` and unknown paths by language and by French host,
// real 404s with the error page of the right language.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../release/compression.ts';
import { startServer } from '../start.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
const dist = path.join(dir, 'dist');
const page = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), `<!doctype html><title>${text}</title><h1>${text}</h1>`);
};
let server: Awaited<ReturnType<typeof startServer>>;
/** A plain HTTP GET (fetch cannot set the Host header), redirects not followed. */
function get(
  pathname: string,
  host?: string,
): Promise<{ status: number; headers: { get: (name: string) => string | null }; text: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${pathname}`, { headers: host ? { host } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: { get: (name) => (response.headers[name.toLowerCase()] as string | undefined) ?? null },
          text: async () => Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
}

beforeAll(async () => {
  page('en/home/index.html', 'Home');
  page('fr/home/index.html', 'Accueil');
  page('en/404.html', 'Page not found');
  page('fr/404.html', 'Page introuvable');
  page('404.html', 'Page not found / Page introuvable');
  page('seniors/index.html', 'This page has moved'); // the static fallback page a CDN would serve
  mkdirSync(`${dist}-deploy`, { recursive: true });
  writeFileSync(
    `${dist}-deploy/redirects.json`,
    JSON.stringify([
      { from: '/seniors', to: '/en/category/seniors', external: false },
      { from: '/Financialhelpcalculator', to: '/en/calculator', external: false },
      { from: '/fr/navigator', to: '/fr/home', external: false },
      { from: '/en/apply-online', to: 'https://portal.example.ca/en/', external: true },
    ]),
  );
  server = await startServer({
    port: 0,
    site: { distDir: dist, frenchHost: 'soutiensociaux.example.ca' },
    dataDir: path.join(dir, 'data'),
    log: () => undefined,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run serve without nginx', () => {
  it('answers the redirect list with real 301s, with or without a trailing slash', async () => {
    for (const [from, to] of [
      ['/seniors', '/en/category/seniors'],
      ['/seniors/', '/en/category/seniors'],
      ['/Financialhelpcalculator', '/en/calculator'],
      ['/fr/navigator/', '/fr/home'],
      ['/en/apply-online', 'https://portal.example.ca/en/'],
    ]) {
      const response = await get(from!);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });

  it('sends / to the English home, or to the French home on the French host', async () => {
    expect((await get('/')).headers.get('location')).toBe('/en/home');
    const french = await get('/', 'soutiensociaux.example.ca:8080');
    expect(french.status).toBe(302);
    expect(french.headers.get('location')).toBe('/fr/home');
    expect((await get('/', 'socialsupports.example.ca')).headers.get('location')).toBe('/en/home');
  });

  it('answers unknown paths with a real 404 and the error page of their language: both for an address of neither', async () => {
    const neither = await get('/no/such/page');
    expect(neither.status).toBe(404);
    expect(await neither.text()).toContain('Page not found / Page introuvable');
    const english = await get('/en/no-such-page');
    expect(english.status).toBe(404);
    expect(await english.text()).not.toContain('introuvable');
    expect(await english.text()).toContain('Page not found');
    const enOnFrenchHost = await get('/en/no-such-page', 'soutiensociaux.example.ca');
    expect(await enOnFrenchHost.text()).not.toContain('introuvable');
    const frPath = await get('/fr/pas-de-page');
    expect(frPath.status).toBe(404);
    expect(await frPath.text()).toContain('Page introuvable');
    const frHost = await get('/no/such/page', 'SoutienSociaux.example.ca');
    expect(frHost.status).toBe(404);
    expect(await frHost.text()).toContain('Page introuvable');
  });

  it('still serves the pages themselves', async () => {
    const home = await get('/fr/home');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Accueil');
  });
});

describe('compression', () => {
  const css = `${'.card { color: #1a1a1a; margin: 0 0 1rem; }\n'.repeat(200)}`;
  function fetchRaw(
    pathname: string,
    acceptEncoding: string,
  ): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${server.url}${pathname}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }
  beforeAll(async () => {
    mkdirSync(path.join(dist, '_astro'), { recursive: true });
    writeFileSync(path.join(dist, '_astro/site.css'), css);
    writeFileSync(path.join(dist, '_astro/photo.webp'), Buffer.alloc(4096, 7));
    // What the build's last step does (src/release/build/precompress.ts).
    await precompressFolder(dist);
  });

  it('sends text brotli-compressed when the browser takes it, gzip otherwise, and as it is when neither', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const br = await fetchRaw('/_astro/site.css', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(css.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(css);
    const gzip = await fetchRaw('/_astro/site.css', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(css);
    const plain = await fetchRaw('/_astro/site.css', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(css);
  });

  it('leaves images and tiny files alone', async () => {
    const image = await fetchRaw('/_astro/photo.webp', 'gzip, br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
    const missing = await fetchRaw('/fr/pas-de-page', 'gzip');
    // The error page is tiny here (under the threshold), so it goes as it is, still a 404.
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.body.toString()).toContain('Page introuvable');
  });
});
