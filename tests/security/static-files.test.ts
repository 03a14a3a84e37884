// Item 1: the static server never answers a file outside the site's folder, whatever the
// encoding of the path, and speaks conditional GET, ranges and precompressed copies.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../src/release/compression.ts';
import { startServer } from '../../src/service/start.ts';
import { raw } from './support.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-static-'));
const site = path.join(dir, 'site');
const dataDir = path.join(dir, 'site-data');
let server: Awaited<ReturnType<typeof startServer>>;
const page = `<!doctype html><title>Home</title>${'<p>Programs and services for people in New Brunswick.</p>'.repeat(40)}`;

beforeAll(async () => {
  mkdirSync(path.join(site, 'en/home'), { recursive: true });
  writeFileSync(path.join(site, 'en/home/index.html'), page);
  writeFileSync(path.join(site, '404.html'), '<!doctype html><title>Page not found</title>');
  mkdirSync(`${site}-deploy`, { recursive: true });
  writeFileSync(`${site}-deploy/nginx.conf`, 'SECRET-NGINX-CONF');
  writeFileSync(path.join(dir, 'outside.txt'), 'SECRET-OUTSIDE');
  symlinkSync(path.join(dir, 'outside.txt'), path.join(site, 'link.txt'));
  await precompressFolder(site);
  server = await startServer({ port: 0, site: { distDir: site }, dataDir, log: () => undefined });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('path traversal', () => {
  it('does not serve the encryption key of a DATA_DIR beside the site (/x/site-data next to /x/site)', async () => {
    const response = await raw(server.url, '/..%2fsite-data/encryption.key');
    expect(response.status).toBe(404);
    expect(response.text).not.toMatch(/^[A-Za-z0-9+/]{40,}/m);
    expect(response.text).toContain('Page not found');
  });

  it('refuses every other spelling of the way out: the deploy folder, double dots encoded, backslashes, a symlink', async () => {
    for (const attempt of [
      '/..%2fsite-deploy/nginx.conf',
      '/%2e%2e/site-deploy/nginx.conf',
      '/%2e%2e%2fsite-deploy%2fnginx.conf',
      '/..%5csite-deploy/nginx.conf',
      '/en/..%2f..%2fsite-deploy/nginx.conf',
      '/..%2f..%2f..%2fetc/passwd',
      '/link.txt',
      '/..%2foutside.txt',
      '/%2e%2e%2foutside.txt',
    ]) {
      const response = await raw(server.url, attempt);
      expect(response.status, attempt).toBe(404);
      expect(response.text, attempt).not.toMatch(/SECRET|root:/);
    }
  });
});

describe('caching, ranges and precompressed copies', () => {
  it('answers 304 to a matching ETag or Last-Modified', async () => {
    const first = await raw(server.url, '/en/home', { headers: { 'accept-encoding': 'identity' } });
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await raw(server.url, '/en/home', { headers: { 'if-none-match': first.headers.etag! } })).status).toBe(304);
    expect(
      (await raw(server.url, '/en/home', { headers: { 'if-modified-since': first.headers['last-modified']! } })).status,
    ).toBe(304);
    expect((await raw(server.url, '/en/home', { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('answers a range with 206 and the bytes asked, an unsatisfiable one with 416', async () => {
    const part = await raw(server.url, '/en/home/index.html', {
      headers: { range: 'bytes=0-14', 'accept-encoding': 'br' },
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-14/${Buffer.byteLength(page)}`);
    expect(part.text).toBe(page.slice(0, 15));
    expect((await raw(server.url, '/en/home/index.html', { headers: { range: 'bytes=999999-' } })).status).toBe(416);
  });

  it('sends the brotli copy written at build time, with its own ETag', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const br = await raw(server.url, '/en/home', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding'], JSON.stringify(br.headers)).toBe('br');
    expect(br.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const plain = await raw(server.url, '/en/home', { headers: { 'accept-encoding': 'identity' } });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });
});
