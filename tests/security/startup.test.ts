// Items 8 and 11: what the service refuses at start (a DATA_DIR other users can read, a plain-HTTP
// WEBFORM_URL off this machine) and the owner-only files it creates.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/service/start.ts';
import { raw } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
const serveScript = (env: Record<string, string>) =>
  spawnSync(path.join(root, 'node_modules/.bin/node'), ['scripts/serve.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DIST_DIR: path.join(dir, 'none'), ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });

describe('DATA_DIR permissions', () => {
  it('refuses to start on a DATA_DIR other users can read (0755), with a message naming it', async () => {
    const open = path.join(dir, 'open');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    await expect(
      startServer({ port: 0, site: { distDir: path.join(dir, 'none') }, dataDir: open, log: () => undefined }),
    ).rejects.toThrow(/DATA_DIR .* open to other users .*chmod 700/);
    const result = serveScript({ DATA_DIR: open });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Refusing to start: DATA_DIR');
    // Group-readable only (0750) is refused as well.
    chmodSync(open, 0o750);
    await expect(
      startServer({ port: 0, site: { distDir: path.join(dir, 'none') }, dataDir: open, log: () => undefined }),
    ).rejects.toThrow(/DATA_DIR/);
  });

  it('creates the database, its WAL files and uploads owner-only, and repairs files left 0644 by older versions', async () => {
    const data = path.join(dir, 'data');
    mkdirSync(data, { mode: 0o700 });
    writeFileSync(path.join(data, 'old-export.json'), '{}', { mode: 0o644 });
    chmodSync(path.join(data, 'old-export.json'), 0o644);
    const server = await startServer({
      port: 0,
      site: { distDir: path.join(dir, 'none') },
      dataDir: data,
      log: () => undefined,
    });
    try {
      await raw(server.url, '/api/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: '/en/home', answer: 'yes', lang: 'en' }),
      });
      const created = await raw(server.url, '/api/uploads', {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '10',
          'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')},group ${Buffer.from('rental').toString('base64')}`,
        },
      });
      expect(created.status).toBe(201);
      for (const name of [
        'intake.sqlite',
        'intake.sqlite-wal',
        'intake.sqlite-shm',
        'encryption.key',
        'old-export.json',
      ])
        expect(mode(path.join(data, name)), name).toBe('600');
      expect(mode(path.join(data, 'uploads'))).toBe('700');
      const uploads = readdirSync(path.join(data, 'uploads'));
      expect(uploads.length).toBeGreaterThan(0);
      for (const name of uploads) expect(mode(path.join(data, 'uploads', name)), name).toBe('600');
    } finally {
      await server.close();
    }
  });
});

describe('WEBFORM_URL over plain HTTP', () => {
  it('refuses a plain-HTTP CMS address that is not loopback, naming the variable', async () => {
    const data = mkdtempSync(path.join(dir, 'w-'));
    await expect(
      startServer({
        port: 0,
        site: { distDir: path.join(dir, 'none') },
        dataDir: data,
        forwarding: { webformUrl: 'http://cms.example.ca' },
        log: () => undefined,
      }),
    ).rejects.toThrow(/WEBFORM_URL must use https/);
    const result = serveScript({ DATA_DIR: data, WEBFORM_URL: 'http://cms.example.ca/' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/WEBFORM_URL: must use https/);
  });

  it('refuses look-alikes of loopback, and accepts https and real loopback addresses', async () => {
    const { webformUrlProblem } = await import('../../src/service/outbox/webform-url.ts');
    for (const bad of [
      'http://127.0.0.1.nip.io/',
      'http://localhost.example.ca/',
      'http://10.0.0.5/',
      'http://[::ffff:8.8.8.8]/',
      'ftp://127.0.0.1/',
    ])
      expect(webformUrlProblem(bad), bad).toBeTruthy();
    for (const good of [
      'https://cms.example.ca/',
      'http://127.0.0.1:4322/',
      'http://localhost:4322/',
      'http://[::1]:4322/',
    ])
      expect(webformUrlProblem(good), good).toBeUndefined();
  });
});

describe('new variables are validated at start', () => {
  it('names TRUST_PROXY, EDITOR_TOKEN, OUTBOX_MAX_ATTEMPTS and PUBLISH_TIMEOUT_SECONDS when their values are bad', () => {
    const data = mkdtempSync(path.join(dir, 'v-'));
    const result = serveScript({
      DATA_DIR: data,
      TRUST_PROXY: '10.0.0.999',
      EDITOR_TOKEN: 'short',
      OUTBOX_MAX_ATTEMPTS: '0',
      PUBLISH_TIMEOUT_SECONDS: 'soon',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/PUBLISH_TIMEOUT_SECONDS/);
    expect(result.stderr).toMatch(/TRUST_PROXY: invalid IP address: 10\.0\.0\.999/);
    expect(result.stderr).toMatch(/EDITOR_TOKEN: must be at least 16 characters/);
    expect(result.stderr).toMatch(/OUTBOX_MAX_ATTEMPTS/);
  });
});
