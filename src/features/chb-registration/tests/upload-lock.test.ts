// An upload's lock holds across intake nodes (two services on one PostgreSQL and one uploads
// folder): while node A receives a PATCH, the upload's lock is taken in the database, so node B
// cannot write it at the same time; once A's request ends, B continues the upload from the
// offset it reads.
import { mkdtemp } from 'node:fs/promises';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../service/start.ts';
import { postgresBin, type PostgresCluster } from '../../../service/storage/tests/postgres-cluster.ts';
import { testPostgres } from '../../../service/storage/tests/shared-postgres.ts';
import { createUpload, patch, pdf, tusFor } from './support.ts';

const head = (url: string) => fetch(url, { method: 'HEAD', headers: tusFor(url) });

let cluster: PostgresCluster | undefined;
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  while (closers.length) await closers.pop()!();
  await cluster?.stop();
});

describe.skipIf(!postgresBin())('upload lock across nodes', () => {
  it('keeps node B out of an upload node A is writing, then lets it resume', async () => {
    cluster = await testPostgres();
    const databaseUrl = await cluster.database();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lock-nodes-'));
    const distDir = await mkdtemp(path.join(os.tmpdir(), 'lock-dist-'));
    const start = () => startServer({ port: 0, site: { distDir }, dataDir, databaseUrl, log: () => undefined });
    const [a, b] = [await start(), await start()];
    closers.push(a.close, b.close);

    const bytes = pdf(1024 * 1024);
    const created = await createUpload(a.url, { filename: 'lease.pdf', group: 'rental' }, bytes.length);
    const half = bytes.length / 2;
    let sent = 0;
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= half) return new Promise(() => {}); // the client stalls with the request open
        const chunk = bytes.subarray(sent, Math.min(sent + 64 * 1024, half));
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const onA = patch(created.url, 0, stream, { signal: controller.signal }).catch((e: Error) => e);
    const file = path.join(a.uploadsDir, created.id);
    await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(0);
    // Node A holds the upload's lock in the database: nobody else (node B) can take it.
    expect(await b.storage.tryLock(`upload:${created.id}`)).toBeUndefined();

    controller.abort();
    expect(await onA).toBeInstanceOf(Error);
    // Released with A's request: B reads the offset and finishes the upload.
    const urlOnB = created.url.replace(a.url, b.url);
    await expect
      .poll(async () => Number((await head(urlOnB)).headers.get('upload-offset')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const offset = Number((await head(urlOnB)).headers.get('upload-offset'));
    const rest = await patch(urlOnB, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(await a.uploads.getUpload(created.id)).toMatchObject({
      size: bytes.length,
      detectedType: 'application/pdf',
    });
  });
});
