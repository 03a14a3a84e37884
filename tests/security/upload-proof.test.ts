// Issue 43 item 7: anyone holding an upload's id (it is in the upload's URL, in an application's
// body, in a proxy's access log) could read its file name with HEAD (tus echoes Upload-Metadata)
// or delete it, or attach it to an application of their own (the document then went to the CMS
// under another applicant's number, and its owner's application was refused). Every request on an
// upload (HEAD, PATCH, DELETE) and every application naming it must now carry the Upload-Token its
// creator got in the answer to the POST; without it the answer is the translated 404 of an unknown
// upload (for an application, its 422 naming that upload), with no metadata, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAll,
  intake,
  pdf,
  storedApplication,
  TUS,
  validApplication,
} from '../../src/features/chb-registration/tests/support.ts';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const FILE_NAME = 'Tremblay bail 1987-03-14.pdf';
let base = '';
let service: Awaited<ReturnType<typeof intake>>;

beforeAll(async () => {
  service = await intake();
  base = service.server.url;
});
afterAll(closeAll);

async function created(length: number) {
  const response = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': `filename ${b64(FILE_NAME)},group ${b64('rental')},lang ${b64('fr')}`,
    },
  });
  expect(response.status).toBe(201);
  return { url: new URL(response.headers.get('location')!, base).href, token: response.headers.get('upload-token') };
}

const head = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'HEAD', headers: { ...TUS, ...headers } });

describe('an upload is the creator’s alone', () => {
  it('HEAD and DELETE with the id only: 404, no file name, and the upload goes on', async () => {
    const bytes = pdf(4000);
    const mine = await created(bytes.length);
    const peek = await head(mine.url);
    expect(peek.headers.get('upload-metadata')).toBeNull();
    expect(peek.status).toBe(404);
    expect(peek.headers.get('upload-offset')).toBeNull();
    const removed = await fetch(mine.url, { method: 'DELETE', headers: { ...TUS, 'accept-language': 'fr' } });
    expect(removed.status).toBe(404);
    expect(((await removed.json()) as { message: string }).message).toMatch(/reçu ou a expiré/);

    expect(mine.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const proof = { 'upload-token': mine.token! };

    const patched = await fetch(mine.url, {
      method: 'PATCH',
      headers: { ...TUS, ...proof, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body: bytes,
    });
    expect(patched.status).toBe(204);
    const own = await head(mine.url, proof);
    expect(own.status).toBe(200);
    expect(own.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(own.headers.get('upload-metadata')).toContain(b64(FILE_NAME));
  });

  it('variant: a wrong token, or another upload’s, neither writes, reads nor deletes', async () => {
    const bytes = pdf(3000);
    const mine = await created(bytes.length);
    const theirs = await created(bytes.length);
    // Before any token existed: the id alone deleted it.
    expect((await fetch(theirs.url, { method: 'DELETE', headers: TUS })).status).toBe(404);
    for (const token of [theirs.token!, `${mine.token!.slice(0, -2)}AA`, '', mine.token!.toLowerCase()]) {
      const headers = { ...TUS, 'upload-token': token };
      const patched = await fetch(mine.url, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
        body: bytes,
      });
      expect(patched.status, token).toBe(404);
      expect((await head(mine.url, { 'upload-token': token })).headers.get('upload-metadata')).toBeNull();
      expect((await fetch(mine.url, { method: 'DELETE', headers })).status).toBe(404);
    }
    const own = await head(mine.url, { 'upload-token': mine.token! });
    expect(own.status).toBe(200);
    expect(own.headers.get('upload-offset')).toBe('0');
    expect((await fetch(mine.url, { method: 'DELETE', headers: { ...TUS, 'upload-token': mine.token! } })).status).toBe(
      204,
    );
  });
});

describe('an application names only uploads it holds the token of', () => {
  async function finished() {
    const bytes = pdf(2500);
    const mine = await created(bytes.length);
    const sent = await fetch(mine.url, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'upload-token': mine.token!,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      body: bytes,
    });
    expect(sent.status).toBe(204);
    return { id: mine.url.split('/').pop()!, token: mine.token! };
  }
  const apply = (uploads: Array<Record<string, string>>, lang: 'en' | 'fr' = 'en') =>
    service.submit({ ...validApplication([], lang), uploads });

  it('someone else’s upload id without its token is refused (422, translated), and its owner still attaches it', async () => {
    const victim = await finished();
    const stolen = await apply([{ uploadId: victim.id, group: 'rental', name: 'lease.pdf' }], 'fr');
    expect(stolen.status).toBe(422);
    const { errors } = (await stolen.json()) as { errors: Array<{ path: string; message: string }> };
    expect(errors[0]!.path).toMatch(/^uploads\.0/);
    expect(errors[0]!.message).toMatch(/[éè]/);
    const own = await apply([{ uploadId: victim.id, uploadToken: victim.token, group: 'rental', name: 'lease.pdf' }]);
    expect(own.status).toBe(201);
    const { applicationNumber } = (await own.json()) as { applicationNumber: string };
    const stored = (await storedApplication(service.server.storage, applicationNumber))!;
    expect(stored.files.map((f) => f.id)).toEqual([victim.id]);
    // The token is proof, not data: it is not kept with the application.
    expect(stored.data).not.toContain(victim.token);
  });

  it('variant: another upload’s token, or a token for a different id, attaches nothing', async () => {
    const victim = await finished();
    const attacker = await finished();
    for (const uploadToken of [
      attacker.token,
      `${victim.token.slice(0, -1)}${victim.token.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      const answer = await apply([{ uploadId: victim.id, uploadToken, group: 'rental', name: 'lease.pdf' }]);
      expect(answer.status).toBe(422);
    }
    expect((await service.server.uploads.getUpload(victim.id))!.applicationId).toBeNull();
  });
});
