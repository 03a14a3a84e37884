// Issue 29 item 6: anonymous tus uploads cannot fill DATA_DIR. Attack: one client address creating
// uploads until its share is used (429, translated), another address still served until the
// total (507, translated), the forms answering all along; variant: the free-space reserve on a
// real tmpfs, at creation and for a chunk, whose partial upload is deleted at once.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerOptions } from '../../src/service/start.ts';
import { pdf, validApplication } from '../../src/features/chb-registration/tests/support.ts';
import { json, raw, tmpfs } from './support.ts';
import { uploadMessage } from '../../src/features/chb-registration/messages.ts';
import { uploadErrorFromStatus } from '../../src/features/chb-registration/rules/upload-rules.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-quota-'));
const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];

async function start(dataDir: string, options: Partial<ServerOptions>) {
  const server = await startServer({
    port: 0,
    site: { distDir: path.join(dir, 'none'), siteUrl: 'https://socialsupports.example.ca' },
    dataDir,
    log: () => undefined,
    intake: { trustProxy: ['loopback'] },
    ...options,
    limits: { rateLimitPerMinute: 1000, uploadsPerMinute: 1000, ...options.limits },
  });
  servers.push(server);
  return server;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
/** Each upload's token (Upload-Token of its creation), by its location: the proof its requests carry. */
const tokens = new Map<string, string>();
const create = (url: string, address: string, length: number, lang = 'en') =>
  raw(url, '/api/uploads', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'x-forwarded-for': address,
      'upload-length': String(length),
      'upload-metadata': `filename ${b64('a.pdf')},group ${b64('rental')},lang ${b64(lang)}`,
    },
  }).then((created) => {
    if (created.headers.location) tokens.set(created.headers.location, String(created.headers['upload-token']));
    return created;
  });
const send = (url: string, location: string, bytes: Buffer, offset = 0) =>
  raw(url, location, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-token': tokens.get(location) ?? '',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(bytes.length),
    },
    body: bytes,
  });
const remove = (url: string, location: string) =>
  raw(url, location, {
    method: 'DELETE',
    headers: { 'tus-resumable': '1.0.0', 'upload-token': tokens.get(location) ?? '' },
  });

/** Feedback, a correction without JavaScript, and an application are still taken. */
async function formsAnswer(url: string) {
  expect((await raw(url, '/api/feedback', json({ page: '/en/home', lang: 'en', answer: 'yes' }))).status).toBe(200);
  const correction = await raw(url, '/api/corrections', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://socialsupports.example.ca' },
    body: new URLSearchParams({ lang: 'en', type: 'other', description: 'Typo.', page: '/en/home' }).toString(),
  });
  expect(correction.status).toBe(303);
  expect((await raw(url, '/api/applications', json(validApplication([])))).status).toBe(201);
}

describe('uploads quota, per client address and in total', () => {
  it('stops one address at its share (429, EN/FR), serves another until the total (507), and the forms go on', async () => {
    const server = await start(path.join(dir, 'quota'), {
      limits: { uploadQuota: { perClientBytes: 10_000, totalBytes: 18_000, reserveBytes: 0 } },
    });
    // Address A: two uploads of 4,000 bytes; one finished (stored), one only begun (in flight).
    const first = await create(server.url, '203.0.113.1', 4000);
    expect(first.status).toBe(201);
    expect((await send(server.url, first.headers.location!, pdf(4000))).status).toBe(204);
    expect((await create(server.url, '203.0.113.1', 4000)).status).toBe(201);
    const over = await create(server.url, '203.0.113.1', 4000);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text)).toMatchObject({
      error: 'client_quota',
      message: expect.stringContaining('the maximum number of files you can upload'),
    });
    const overFr = await create(server.url, '203.0.113.1', 4000, 'fr');
    expect(overFr.status).toBe(429);
    expect(JSON.parse(overFr.text).message).toContain('le nombre maximal de fichiers que vous pouvez téléverser');

    // Address B is still served, up to the total of 18,000 bytes; then address C is refused too.
    expect((await create(server.url, '203.0.113.2', 4000)).status).toBe(201);
    expect((await create(server.url, '203.0.113.2', 4000)).status).toBe(201);
    const full = await create(server.url, '203.0.113.3', 4000, 'fr');
    expect(full.status).toBe(507);
    expect(JSON.parse(full.text)).toMatchObject({
      error: 'storage_full',
      message: expect.stringContaining('Rien n’a été enregistré'),
    });
    expect((await create(server.url, '203.0.113.4', 4000)).status).toBe(507);
    // The registration form shows the same words from the status alone (what tus-js-client gives it).
    expect(uploadMessage('fr', uploadErrorFromStatus(overFr.status))).toBe(JSON.parse(overFr.text).message);
    expect(uploadMessage('fr', uploadErrorFromStatus(full.status))).toBe(JSON.parse(full.text).message);
    await formsAnswer(server.url);

    // Deleting an upload gives its share back.
    expect((await remove(server.url, first.headers.location!)).status).toBe(204);
    expect((await create(server.url, '203.0.113.3', 4000)).status).toBe(201);
  });

  it('variant: a deferred or huge declared length counts as the largest file, and a file attached to an application leaves the quota', async () => {
    const server = await start(path.join(dir, 'quota-variant'), {
      limits: { uploadQuota: { perClientBytes: 8 * 1024 * 1024, totalBytes: 100 * 1024 * 1024, reserveBytes: 0 } },
    });
    const deferred = await raw(server.url, '/api/uploads', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'x-forwarded-for': '198.51.100.7',
        'upload-defer-length': '1',
        'upload-metadata': `filename ${b64('a.pdf')},group ${b64('rental')}`,
      },
    });
    expect([201, 400]).toContain(deferred.status); // 7 MB taken when tus accepts a deferred length
    const small = await create(server.url, '198.51.100.7', 2 * 1024 * 1024);
    expect(small.status).toBe(deferred.status === 201 ? 429 : 201);

    const other = await create(server.url, '198.51.100.8', 5000);
    expect(other.status).toBe(201);
    expect((await send(server.url, other.headers.location!, pdf(5000))).status).toBe(204);
    const id = other.headers.location!.split('/').pop()!;
    expect(
      (
        await raw(
          server.url,
          '/api/applications',
          json(
            validApplication([
              { uploadId: id, uploadToken: tokens.get(other.headers.location!)!, group: 'rental', name: 'a.pdf' },
            ]),
          ),
        )
      ).status,
    ).toBe(201);
    // 7 MB + 5,000 bytes would be over this address's 8 MB if the attached file still counted... it does not.
    expect((await create(server.url, '198.51.100.8', 7 * 1024 * 1024)).status).toBe(201);
  });
});

const disk = tmpfs('sec-reserve-', '16m');
const { mountPoint, canMount } = disk;
beforeAll(() => disk.mount());
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
  disk.unmount();
});

describe.skipIf(!canMount)('free-space reserve on DATA_DIR (a real 16 MB tmpfs)', () => {
  const MB = 1024 * 1024;
  it('refuses an upload that would eat into the reserve, and a chunk that would (its partial file deleted at once); the forms go on', async () => {
    const dataDir = path.join(mountPoint, 'data');
    const server = await start(dataDir, {
      limits: { uploadQuota: { perClientBytes: 100 * MB, totalBytes: 100 * MB, reserveBytes: 8 * MB } },
    });
    for (const address of ['192.0.2.1', '192.0.2.2']) {
      const created = await create(server.url, address, 3 * MB);
      expect(created.status, address).toBe(201);
      expect((await send(server.url, created.headers.location!, pdf(3 * MB))).status, address).toBe(204);
    }
    // About 9.7 MB free now: 3 MB more would leave less than the 8 MB reserve.
    const refused = await create(server.url, '192.0.2.3', 3 * MB, 'fr');
    expect(refused.status).toBe(507);
    expect(JSON.parse(refused.text).message).toContain('Rien n’a été enregistré');
    await formsAnswer(server.url);

    // Two uploads of 1 MB each admitted (nothing written yet); the second one's chunk would cross the reserve.
    const d = await create(server.url, '192.0.2.4', 1 * MB);
    const e = await create(server.url, '192.0.2.5', 1 * MB);
    expect([d.status, e.status]).toEqual([201, 201]);
    expect((await send(server.url, d.headers.location!, pdf(1 * MB))).status).toBe(204);
    const chunk = await send(server.url, e.headers.location!, pdf(1 * MB));
    expect(chunk.status).toBe(507);
    expect(JSON.parse(chunk.text).error).toBe('storage_full');
    const id = e.headers.location!.split('/').pop()!;
    expect(existsSync(path.join(server.uploadsDir, id))).toBe(false);
    expect(existsSync(path.join(server.uploadsDir, `${id}.json`))).toBe(false);
    expect(await server.uploads.getUpload(id)).toBeUndefined();
  });
});
