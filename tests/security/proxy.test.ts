// Item 4: X-Forwarded-For is believed only from a proxy named in TRUST_PROXY, on every route that
// reads a client address (submissions and upload creations share one rate limiter module).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/service/start.ts';
import { raw } from './support.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-proxy-'));
const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});
async function start(name: string, trustProxy: string[]) {
  const server = await startServer({
    port: 0,
    site: { distDir: path.join(dir, 'none') },
    dataDir: path.join(dir, name),
    log: () => undefined,
    limits: { rateLimitPerMinute: 3, uploadsPerMinute: 2 },
    intake: { trustProxy },
  });
  servers.push(server);
  return server;
}
const feedback = (url: string, forwardedFor?: string) =>
  raw(url, '/api/feedback', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ page: '/en/home', answer: 'yes', lang: 'en' }),
  });
const createUpload = (url: string, forwardedFor?: string) =>
  raw(url, '/api/uploads', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '10',
      'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')},group ${Buffer.from('rental').toString('base64')}`,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
  });

describe('TRUST_PROXY', () => {
  it('by default, a forged X-Forwarded-For does not buy a fresh rate-limit budget', async () => {
    const server = await start('untrusted', []);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await feedback(server.url, `203.0.113.${i}`)).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('behind a trusted proxy, each client has its own budget, keyed on the address the proxy saw, also for upload creations', async () => {
    const server = await start('trusted', ['loopback']);
    for (let i = 0; i < 3; i++) expect((await feedback(server.url, '198.51.100.7')).status).not.toBe(429);
    expect((await feedback(server.url, '198.51.100.7')).status).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await feedback(server.url, '198.51.100.8')).status).not.toBe(429);
    // A client prepending a forged address still counts as the address the proxy appended.
    expect((await feedback(server.url, '10.9.9.9, 198.51.100.7')).status).toBe(429);
    // Upload creations: same rule, same module.
    expect((await createUpload(server.url, '192.0.2.1')).status).toBe(201);
    expect((await createUpload(server.url, '192.0.2.1')).status).toBe(201);
    expect((await createUpload(server.url, '192.0.2.1')).status).toBe(429);
    expect((await createUpload(server.url, '192.0.2.2')).status).toBe(201);
  });
});
