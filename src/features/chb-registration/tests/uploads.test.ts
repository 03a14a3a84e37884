// The tus endpoint over real HTTP (plain fetch following the tus 1.0 protocol): size and type
// enforced while receiving, an interrupted upload resumed from the server's offset, files never
// served back, and unattached uploads expiring after 24 hours (injected clock).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../rules/upload-rules.ts';
import {
  closeAll,
  createUpload,
  intake,
  patch,
  pdf,
  TUS,
  tusFor,
  keepToken,
  upload,
  validApplication,
  storedApplication,
  onEngine,
} from './support.ts';

afterEach(closeAll);

const head = (url: string) => fetch(url, { method: 'HEAD', headers: tusFor(url) });

describe.each(['sqlite', 'postgres'])('housing benefit uploads (tus) on %s', (engine) => {
  onEngine(engine);
  it('answers the tus OPTIONS with the 7 MB limit and the extensions', async () => {
    const { server } = await intake();
    const response = await fetch(`${server.url}/api/uploads`, { method: 'OPTIONS', headers: TUS });
    expect(response.status).toBe(204);
    expect(response.headers.get('tus-max-size')).toBe(String(7 * 1024 * 1024));
    expect(response.headers.get('tus-extension')).toContain('creation');
  });

  it('refuses a file over 7 MB when declared, and while receiving when the length is deferred', async () => {
    const { server } = await intake();
    const declared = await createUpload(server.url, { filename: 'big.pdf', group: 'rental' }, MAX_UPLOAD_BYTES + 1);
    expect(declared.response.status).toBe(413);
    expect(await declared.response.json()).toEqual({ error: 'too_large', message: 'File must be 7mb or less.' });

    const exact = await createUpload(server.url, { filename: 'exact.pdf', group: 'rental' }, MAX_UPLOAD_BYTES);
    expect(exact.response.status).toBe(201);

    const deferred = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'upload-defer-length': '1',
        'upload-metadata': `filename ${btoa('big.pdf')},group ${btoa('rental')}`,
      },
    });
    expect(deferred.status).toBe(201);
    const url = keepToken(server.url, deferred);
    const response = await patch(url, 0, pdf(MAX_UPLOAD_BYTES + 100), {
      headers: {
        ...tusFor(url),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'accept-language': 'fr-CA',
      },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'too_large',
      message: 'Le fichier doit être de 7\u00a0Mo ou moins.' /* no-break space: French typography */,
    });
    expect(Number((await head(url)).headers.get('upload-offset'))).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
  });

  it('refuses a renamed file from its first bytes (first chunk), and deletes the upload', async () => {
    const { server } = await intake();
    const fake = Buffer.alloc(4000, 0x41); // "AAAA…" named .pdf
    const created = await createUpload(
      server.url,
      { filename: 'statement.pdf', group: 'employment', filetype: 'application/pdf' },
      fake.length,
    );
    const response = await patch(created.url, 0, fake.subarray(0, 1000));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: 'wrong_type',
      message: 'File must be of type PDF, JPG, TIFF, or PNG.',
    });
    expect((await head(created.url)).status).toBe(404);
    expect(await server.uploads.getUpload(created.id)).toBeUndefined();
  });

  it('decides across small chunks, and checks the type again on completion', async () => {
    const { server } = await intake();
    const bytes = Buffer.from('%PDX-not really a pdf');
    const created = await createUpload(server.url, { filename: 'x.pdf', group: 'rental' }, bytes.length);
    expect((await patch(created.url, 0, bytes.subarray(0, 2))).status).toBe(204); // "%P" could still be a PDF
    expect((await patch(created.url, 2, bytes.subarray(2))).status).toBe(415); // "%PDX-" can't
    expect(await server.uploads.getUpload(created.id)).toBeUndefined();

    // A 3-byte "%PD" is a PDF beginning while it arrives, but not a PDF once complete.
    const short = await createUpload(server.url, { filename: 'y.pdf', group: 'rental' }, 3);
    expect((await patch(short.url, 0, Buffer.from('%P'))).status).toBe(204);
    const response = await patch(short.url, 2, Buffer.from('D'));
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe('wrong_type');
    expect(await server.uploads.getUpload(short.id)).toBeUndefined();
  });

  it('refuses missing or unknown metadata and never serves a file back', async () => {
    const { server } = await intake();
    expect((await createUpload(server.url, { filename: 'a.pdf', group: 'photos' }, 10)).response.status).toBe(400);
    expect(
      (await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { ...TUS, 'upload-length': '10' } })).status,
    ).toBe(400);
    const done = await upload(server.url, pdf(), { filename: 'a.pdf', group: 'rental' });
    expect(done.last.status).toBe(204);
    expect((await fetch(done.url!)).status).toBe(405);
  });

  it('answers every refusal with a JSON message in the upload’s language, tus’s own included', async () => {
    const { server } = await intake();
    const meta = (entries: Record<string, string>) =>
      Object.entries(entries)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(',');
    const json = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });
    // Metadata without a group, French by the lang metadata, then by Accept-Language.
    const byMeta = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': meta({ filename: 'a.pdf', lang: 'fr' }) },
    });
    expect(await json(byMeta)).toMatchObject({ status: 400, error: 'bad_metadata', message: /^Ce fichier n’a pas pu/ });
    const byHeader = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': '10', 'accept-language': 'fr-CA,fr;q=0.9', 'upload-metadata': meta({}) },
    });
    expect(await json(byHeader)).toMatchObject({ message: /groupe de documents/ });
    const english = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': meta({ filename: 'a.pdf' }) },
    });
    expect(await json(english)).toMatchObject({ message: /could not be received/ });
    // tus's own 404 for an upload it does not know (its text is English): ours, in French.
    const gone = await fetch(`${server.url}/api/uploads/no-such-upload`, {
      method: 'DELETE',
      headers: { ...TUS, 'accept-language': 'fr' },
    });
    expect(await json(gone)).toMatchObject({ status: 404, error: 'not_found', message: /n’a pas été reçu/ });
    // Files are never served back: the refusal says why, in French.
    const done = await upload(server.url, pdf(), { filename: 'a.pdf', group: 'rental' });
    const read = await fetch(done.url!, { headers: { 'accept-language': 'fr' } });
    expect(await json(read)).toMatchObject({ status: 405, message: /ne sont jamais affichés/ });
  });

  it('answers every later request on an upload in the upload’s language, whatever the browser’s', async () => {
    const { server } = await intake();
    const french = await createUpload(server.url, { filename: 'a.pdf', group: 'rental', lang: 'fr' }, 2000);
    expect(french.response.status).toBe(201);
    const english = { 'accept-language': 'en-CA,en;q=0.9' };
    // A chunk at the wrong offset (tus's 409), a chunk of no accepted type (415), each in French.
    const wrongOffset = await patch(french.url, 5, pdf(10), {
      headers: {
        ...tusFor(french.url),
        ...english,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '5',
      },
    });
    expect(wrongOffset.status).toBe(409);
    expect(((await wrongOffset.json()) as { message: string }).message).toMatch(/^Ce téléversement n’a pas pu/);
    const wrongType = await patch(french.url, 0, new TextEncoder().encode('#!/bin/sh\necho hi\n'.repeat(20)), {
      headers: {
        ...tusFor(french.url),
        ...english,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
    });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { message: string }).message).toMatch(/^Le fichier doit être/);
    // And the other way: an English upload read by a French browser answers in English.
    const englishUpload = await createUpload(server.url, { filename: 'b.pdf', group: 'rental', lang: 'en' }, 2000);
    const offBy = await patch(englishUpload.url, 7, pdf(10), {
      headers: {
        ...tusFor(englishUpload.url),
        'accept-language': 'fr-CA',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '7',
      },
    });
    expect(((await offBy.json()) as { message: string }).message).toMatch(
      /^This upload request could not be completed/,
    );
  });

  it('lets the uploader remove an unattached upload (tus termination), not an attached one', async () => {
    const { server, submit } = await intake();
    const removed = await upload(server.url, pdf(), { filename: 'a.pdf', group: 'rental' });
    expect((await fetch(removed.url!, { method: 'DELETE', headers: tusFor(removed.url!) })).status).toBe(204);
    expect(await server.uploads.getUpload(removed.id)).toBeUndefined();
    expect(existsSync(path.join(server.uploadsDir, removed.id))).toBe(false);

    const kept = await upload(server.url, pdf(), { filename: 'b.pdf', group: 'rental' });
    const { applicationNumber } = await (
      await submit(validApplication([{ uploadId: kept.id, group: 'rental', name: 'b.pdf' }]))
    ).json();
    expect((await fetch(kept.url!, { method: 'DELETE', headers: tusFor(kept.url!) })).status).toBe(404);
    expect((await storedApplication(server.storage, applicationNumber))!.files.map((f) => f.id)).toEqual([kept.id]);
  });

  it('resumes an upload interrupted half-way from the offset the server reports', async () => {
    const { server, submit } = await intake();
    const bytes = pdf(3 * 1024 * 1024);
    const created = await createUpload(server.url, { filename: 'lease.pdf', group: 'rental' }, bytes.length);
    const half = bytes.length / 2;
    const controller = new AbortController();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= half) return new Promise(() => {}); // the connection stalls…
        const chunk = bytes.subarray(sent, Math.min(sent + 64 * 1024, half));
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const interrupted = patch(created.url, 0, stream, { signal: controller.signal }).catch((e: Error) => e);
    // …and drops once the server has stored part of it.
    for (
      let i = 0;
      i < 100 &&
      (await server.uploads.getUpload(created.id)) &&
      (await import('node:fs')).statSync(path.join(server.uploadsDir, created.id)).size < half / 2;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    controller.abort();
    expect(await interrupted).toBeInstanceOf(Error);

    let offset = 0;
    for (let i = 0; i < 50; i++) {
      const answer = await head(created.url);
      expect(answer.status).toBe(200);
      offset = Number(answer.headers.get('upload-offset'));
      if (offset > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(bytes.length);
    const rest = await patch(created.url, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(bytes.length);
    expect(await server.uploads.getUpload(created.id)).toMatchObject({
      detectedType: 'application/pdf',
      size: bytes.length,
    });
    expect(
      (await submit(validApplication([{ uploadId: created.id, group: 'rental', name: 'lease.pdf' }]))).status,
    ).toBe(201);
  });

  it('deletes uploads not attached to an application after 24 hours, keeps attached ones', async () => {
    let clock = Date.parse('2026-11-22T12:00:00Z');
    const { server, submit } = await intake({ now: () => clock });
    const attached = await upload(server.url, pdf(), { filename: 'kept.pdf', group: 'rental' });
    const finished = await upload(server.url, pdf(), { filename: 'left.pdf', group: 'rental' });
    const unfinished = await createUpload(server.url, { filename: 'half.pdf', group: 'rental' }, 4000);
    await patch(unfinished.url, 0, pdf(2000));
    expect(
      (await submit(validApplication([{ uploadId: attached.id, group: 'rental', name: 'kept.pdf' }]))).status,
    ).toBe(201);

    clock += 23 * 60 * 60 * 1000;
    expect(await server.cleanupExpiredUploads()).toBe(0);
    expect((await head(unfinished.url)).status).toBe(200);

    clock += 2 * 60 * 60 * 1000;
    expect(await server.cleanupExpiredUploads()).toBe(2);
    for (const id of [finished.id, unfinished.id]) {
      expect(await server.uploads.getUpload(id)).toBeUndefined();
      expect(existsSync(path.join(server.uploadsDir, id))).toBe(false);
    }
    expect((await head(unfinished.url)).status).toBe(404);
    expect((await server.uploads.getUpload(attached.id))?.applicationId).not.toBeNull();
    const late = await submit(validApplication([{ uploadId: finished.id, group: 'rental', name: 'left.pdf' }]));
    expect(late.status).toBe(422);
  });
});
