// Item 7: DATA_DIR on a full disk (a real 4 MB tmpfs, filled up): feedback, corrections,
// applications and uploads answer 507 with a translated message, leave no debris, log the real
// cause, and work again by themselves once space returns. Needs root to mount the tmpfs.
import { closeSync, existsSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/service/start.ts';
import { validApplication } from '../../src/features/chb-registration/tests/support.ts';
import { json, raw, tmpfs } from './support.ts';

const disk = tmpfs('sec-full-', '4m');
const { mountPoint, canMount } = disk;
const dataDir = path.join(mountPoint, 'data');
const filler = path.join(mountPoint, 'filler');
const logs: string[] = [];
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  if (!canMount) return;
  disk.mount();
  server = await startServer({
    port: 0,
    site: { distDir: path.join(mountPoint, 'none'), siteUrl: 'https://socialsupports.example.ca' },
    dataDir,
    log: (l) => logs.push(l),
    // No free-space reserve: this test fills the disk itself (upload-quota.test.ts has the reserve).
    limits: { uploadQuota: { reserveBytes: 0 } },
  });
});
afterAll(async () => {
  await server?.close();
  disk.unmount();
});

function fillDisk() {
  const fd = openSync(filler, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  // The last few bytes too, so nothing at all fits.
  const fd2 = openSync(filler, 'a');
  try {
    for (;;) writeSync(fd2, Buffer.alloc(512, 1));
  } catch {
    /* full */
  } finally {
    closeSync(fd2);
  }
}
const feedback = (lang: string) => ({ page: `/${lang}/home`, lang, answer: 'no', comment: 'x'.repeat(800) });
const createUpload = () =>
  raw(server.url, '/api/uploads', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '2000',
      'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')},group ${Buffer.from('rental').toString('base64')},lang ${Buffer.from('fr').toString('base64')}`,
    },
  });
let location = '';
let token = '';
const files = () => readdirSync(path.join(dataDir, 'uploads')).sort();

describe.skipIf(!canMount)('disk full', () => {
  it('answers 507 with a message in the language of the request, stores and leaves nothing, and logs the cause', async () => {
    expect((await raw(server.url, '/api/feedback', json(feedback('en')))).status).toBe(200);
    const created = await createUpload();
    expect(created.status).toBe(201);
    location = created.headers.location!;
    token = String(created.headers['upload-token']);
    const before = { feedback: await server.storage.submissions.count('feedback'), uploads: files() };
    fillDisk();

    const en = await raw(server.url, '/api/feedback', json(feedback('en')));
    expect(en.status).toBe(507);
    expect(JSON.parse(en.text)).toMatchObject({
      error: 'insufficient_storage',
      message: expect.stringContaining('out of storage space'),
    });
    const fr = await raw(server.url, '/api/feedback', json(feedback('fr')));
    expect(fr.status).toBe(507);
    expect(JSON.parse(fr.text).message).toContain('espace de stockage');
    expect(await server.storage.submissions.count('feedback')).toBe(before.feedback);
    expect(logs.join('\n')).toMatch(/storage full \(.*(full|ENOSPC)/);
    expect(logs.join('\n')).not.toContain('cannot rollback');
  });

  it('does the same for a form post without JavaScript, an application and a tus upload, with no file left behind', async () => {
    const before = files();
    const form = await raw(server.url, '/api/corrections', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://socialsupports.example.ca' },
      body: new URLSearchParams({
        lang: 'fr',
        type: 'broken_link',
        description: 'Le lien est brisé.',
        page: '/fr/home',
        email: '',
      }).toString(),
    });
    expect(form.status).toBe(507);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.text).toContain('lang="fr"');
    expect(form.text).toContain('Rien n’a été enregistré');

    const application = await raw(server.url, '/api/applications', json(validApplication([], 'fr')));
    expect(application.status).toBe(507);
    expect(JSON.parse(application.text).message).toContain('espace de stockage');

    const upload = await createUpload();
    expect(upload.status).toBe(507);
    expect(upload.headers['content-type']).toContain('application/json');
    expect(JSON.parse(upload.text).message).toContain('espace de stockage');
    expect(upload.text).not.toMatch(/ENOSPC/);
    expect(files()).toEqual(before);

    // A chunk of an upload begun before the disk filled up: 507 too, not tus's raw error text.
    const chunk = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1990, 0x20)]);
    const patch = await raw(server.url, location.startsWith('/') ? location : new URL(location).pathname, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-token': token,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'accept-language': 'fr-CA',
      },
      body: chunk,
    });
    expect(patch.status).toBe(507);
    expect(JSON.parse(patch.text).message).toContain('espace de stockage');
    expect(JSON.parse(patch.text).message).toContain('Rien n’a été enregistré');
    // Nothing was saved, as it says: the partial upload is deleted now, not kept for 24 hours.
    const id = location.split('/').pop()!;
    expect(files()).not.toContain(id);
    expect(files()).not.toContain(`${id}.json`);
    expect(logs.join('\n')).toContain('partial upload deleted (disk full)');
    const applications = path.join(dataDir, 'applications');
    expect(existsSync(applications) ? readdirSync(applications) : []).toEqual([]);
  });

  it('variant: a rate-limit count the full disk cannot take answers from the window as stored (an address over its limit stays over it)', async () => {
    rmSync(filler);
    const limits = server.storage.rateLimits;
    for (let i = 0; i < 3; i++) await limits.hit('disk-full-variant', undefined, 600_000);
    fillDisk();
    // Nothing can be written, and the count is still answered: the stored window plus this event.
    expect((await limits.hit('disk-full-variant', undefined, 600_000)).count).toBe(4);
    expect((await limits.hit('disk-full-variant', undefined, 600_000)).count).toBe(4);
    // A key with no window yet: its first event.
    expect((await limits.hit('disk-full-new-key', undefined, 600_000)).count).toBe(1);
  });

  it('works again by itself once space returns', async () => {
    rmSync(filler);
    expect((await raw(server.url, '/api/feedback', json(feedback('en')))).status).toBe(200);
    expect((await createUpload()).status).toBe(201);
    // The row of the partial upload dropped on the full disk is gone too (SQLite could not delete it then).
    expect(await server.uploads.getUpload(location.split('/').pop()!)).toBeUndefined();
    expect((await raw(server.url, '/api/applications', json(validApplication([])))).status).toBe(201);
  });
});
