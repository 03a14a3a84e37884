// Issue 43 item 7: anyone holding an upload's id (it is in the upload's URL, in an application's
// body, in a proxy's access log) could read its file name with HEAD (tus echoes Upload-Metadata)
// or delete it. Every request on an upload (HEAD, PATCH, DELETE) must now carry the Upload-Token
// its creator got in the answer to the POST; without it the answer is the translated 404 of an
// unknown upload, with no metadata, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, intake, pdf, TUS } from '../../src/features/chb-registration/tests/support.ts';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const FILE_NAME = 'Tremblay bail 1987-03-14.pdf';
let base = '';

beforeAll(async () => {
  base = (await intake()).server.url;
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
