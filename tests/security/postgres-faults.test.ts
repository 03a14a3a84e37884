// Issue 43, item 3: a lost PostgreSQL connection never ends the node nor orphans a document. The
// service runs as its own process (what production runs) on a real cluster; the cluster is
// restarted while an upload chunk holds its lock, and a TCP proxy between the service and
// PostgreSQL cuts the connection that sends an application's COMMIT (before PostgreSQL gets it,
// and after), or freezes the database. Each time the node keeps answering, nothing is half-stored,
// the document stays where the retry finds it, and the retry succeeds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../../src/service/storage/tests/postgres-cluster.ts';
import { startServiceProcess, type ServiceProcess } from '../../src/service/tests/service-process.ts';
import {
  createUpload,
  patch,
  pdf,
  tusFor,
  upload,
  validApplication,
} from '../../src/features/chb-registration/tests/support.ts';
import { pgProxy } from './pg-proxy.ts';
import { waitFor } from './support.ts';

let cluster: PostgresCluster;
let proxy: Awaited<ReturnType<typeof pgProxy>>;
const running: ServiceProcess[] = [];
const pools: pg.Pool[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
  proxy = await pgProxy(cluster.port);
}, 60_000);
afterEach(async () => {
  while (running.length) await running.pop()!.stop();
  while (pools.length) await pools.pop()!.end();
});
afterAll(async () => {
  await proxy?.close();
  await cluster?.stop();
});

/** A node on a fresh database, through the proxy; `db` reads that database directly. */
async function node(env: Record<string, string> = {}) {
  const direct = await cluster.database();
  const viaProxy = direct.replace(`:${cluster.port}/`, `:${proxy.port}/`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hpg-data-'));
  const service = await startServiceProcess({ DATABASE_URL: viaProxy, DATA_DIR: dataDir, ...env });
  running.push(service);
  const db = new pg.Pool({ connectionString: direct });
  // An idle connection the server ends (a restart, the database dropped) is an error on the pool:
  // without a listener it would be an uncaught exception of the test's process.
  db.on('error', () => undefined);
  pools.push(db);
  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
  const submit = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.url}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const alive = () => service.child.exitCode === null && service.child.signalCode === null;
  return { service, dataDir, db, count, submit, alive };
}

const applicationFolders = (dataDir: string) => {
  const folder = path.join(dataDir, 'applications');
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('PostgreSQL faults (real cluster, the service as its own process)', () => {
  it('a PostgreSQL restart during an upload chunk leaves the node answering, and the upload resumes', async () => {
    const { service, dataDir, submit, alive } = await node();
    const bytes = pdf(300_000);
    const created = await createUpload(service.url, { filename: 'lease.pdf', group: 'rental' }, bytes.length);
    expect(created.response.status).toBe(201);
    // The chunk holds the upload's lock (a checked-out connection) while its bytes trickle in.
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (stream = c) });
    stream.enqueue(bytes.subarray(0, 100_000));
    const chunk = patch(created.url, 0, body).then(
      (r) => r.status,
      () => 'cut',
    );
    const file = path.join(dataDir, 'uploads', created.id);
    await waitFor(() => existsSync(file) && statSync(file).size >= 100_000);
    await cluster.restart();
    await new Promise((r) => setTimeout(r, 500));
    stream.close();
    await chunk;
    expect(alive(), service.output()).toBe(true);
    expect((await fetch(`${service.url}/api/health`)).status).toBe(200);
    // The upload goes on from what was received.
    const head = await fetch(created.url, { method: 'HEAD', headers: tusFor(created.url) });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect((await patch(created.url, offset, bytes.subarray(offset))).status).toBe(204);
    const stored = await submit(validApplication([{ uploadId: created.id, group: 'rental', name: 'lease.pdf' }]));
    expect(stored.status).toBe(201);
  }, 60_000);

  it('a restart while a node is idle: the next form post and upload are stored', async () => {
    const { service, submit, alive } = await node();
    await cluster.restart();
    expect(alive()).toBe(true);
    const file = await upload(service.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
    expect(file.last.status).toBe(204);
    expect((await submit(validApplication([{ uploadId: file.id, group: 'rental', name: 'lease.pdf' }]))).status).toBe(
      201,
    );
  }, 60_000);

  it('a connection cut right before COMMIT: 503 in French, nothing stored, the document kept, the retry stored', async () => {
    const { service, dataDir, count, submit, alive } = await node();
    const file = await upload(service.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
    expect(file.last.status).toBe(204);
    const application = validApplication([{ uploadId: file.id, group: 'rental', name: 'lease.pdf' }], 'fr');
    const headers = { 'idempotency-key': 'retry-4f1c2a', 'accept-language': 'fr' };
    proxy.cutNextCommit('cut-before');
    const cut = await submit(application, headers);
    expect(proxy.commitsCut).toBeGreaterThan(0);
    expect(alive(), service.output()).toBe(true);
    expect(cut.status).toBe(503);
    const refusal = (await cut.json()) as { error: string; message: string };
    expect(refusal.error).toBe('storage_unavailable');
    expect(refusal.message).toMatch(/Rien n’a été enregistré/);
    // Nothing half-stored: no application, no attached upload, no folder of an application that does not exist.
    expect(await count('SELECT COUNT(*) AS n FROM applications')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM uploads WHERE application_id IS NOT NULL')).toBe(0);
    expect(applicationFolders(dataDir)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'uploads', file.id))).toBe(true);
    expect((await fetch(`${service.url}/api/health`)).status).toBe(200);
    // The applicant's retry finds the document.
    const retry = await submit(application, headers);
    expect(retry.status).toBe(201);
    const { applicationNumber } = (await retry.json()) as { applicationNumber: string };
    expect(existsSync(path.join(dataDir, 'applications', applicationNumber, file.id))).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads', file.id))).toBe(false);
    expect(await count('SELECT COUNT(*) AS n FROM applications')).toBe(1);
  }, 60_000);

  it('a connection cut after COMMIT was sent: the application is stored whole, and the retry gets its number', async () => {
    const { service, dataDir, count, submit, alive } = await node();
    const file = await upload(service.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
    const application = validApplication([{ uploadId: file.id, group: 'rental', name: 'lease.pdf' }]);
    const headers = { 'idempotency-key': 'retry-9b7e01' };
    proxy.cutNextCommit('cut-after');
    const first = await submit(application, headers);
    expect(alive(), service.output()).toBe(true);
    expect(first.status, service.output()).toBe(201);
    const { applicationNumber } = (await first.json()) as { applicationNumber: string };
    expect(existsSync(path.join(dataDir, 'applications', applicationNumber, file.id))).toBe(true);
    const retry = await submit(application, headers);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ applicationNumber });
    expect(await count('SELECT COUNT(*) AS n FROM applications')).toBe(1);
  }, 60_000);

  it('variant: the COMMIT reaches PostgreSQL half a second after the node lost it: stored whole, 201, the files in place', async () => {
    const { service, dataDir, count, submit, alive } = await node();
    const file = await upload(service.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
    const application = validApplication([{ uploadId: file.id, group: 'rental', name: 'lease.pdf' }]);
    const headers = { 'idempotency-key': 'retry-late-5d20c4' };
    proxy.cutNextCommit('cut-after', { lateMs: 500 });
    const first = await submit(application, headers);
    expect(alive(), service.output()).toBe(true);
    // A lookup right after the cut finds nothing yet: answered from it, the node said 503 and took
    // the files away from an application that committed a moment later.
    expect(first.status, service.output()).toBe(201);
    const { applicationNumber } = (await first.json()) as { applicationNumber: string };
    expect(existsSync(path.join(dataDir, 'applications', applicationNumber, file.id))).toBe(true);
    expect(await count('SELECT COUNT(*) AS n FROM applications')).toBe(1);
    const retry = await submit(application, headers);
    expect(await retry.json()).toEqual({ applicationNumber });
  }, 60_000);

  it('a frozen database: /api/health answers 503 within its bound, and 200 once the database is back', async () => {
    const { service, alive } = await node({
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    });
    proxy.freeze();
    try {
      const started = Date.now();
      const health = await fetch(`${service.url}/api/health`, { headers: { 'accept-language': 'fr' } });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { error: string }).error).toBe('storage_unavailable');
    } finally {
      proxy.thaw();
    }
    expect(alive()).toBe(true);
    await waitFor(async () => (await fetch(`${service.url}/api/health`)).status === 200, 20_000);
  }, 60_000);

  it('a database gone: a chunk, a form post and the health check get 503 in their language; all work once it is back', async () => {
    const { service, alive } = await node();
    const bytes = pdf(4000);
    const created = await createUpload(
      service.url,
      { filename: 'lease.pdf', group: 'rental', lang: 'fr' },
      bytes.length,
    );
    expect((await patch(created.url, 0, bytes.subarray(0, 2000))).status).toBe(204);
    const feedback = { page: '/fr/accueil', lang: 'fr', answer: 'yes' };
    const post = () =>
      fetch(`${service.url}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(feedback),
      });
    proxy.down();
    try {
      // A French page's upload: its chunks say so in Accept-Language (PATCH carries no metadata).
      const chunk = await patch(created.url, 2000, bytes.subarray(2000), {
        headers: {
          ...tusFor(created.url),
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '2000',
          'accept-language': 'fr-CA,fr;q=0.9',
        },
      });
      expect(chunk.status).toBe(503);
      expect(await chunk.json()).toMatchObject({
        error: 'storage_unavailable',
        message: expect.stringMatching(/Rien/),
      });
      const form = await post();
      expect(form.status).toBe(503);
      expect(form.headers.get('retry-after')).toBe('30');
      expect(await form.json()).toMatchObject({ error: 'storage_unavailable', message: expect.stringMatching(/Rien/) });
      expect((await fetch(`${service.url}/api/health`)).status).toBe(503);
    } finally {
      proxy.up();
    }
    expect(alive()).toBe(true);
    expect((await patch(created.url, 2000, bytes.subarray(2000))).status).toBe(204);
    expect((await post()).status).toBe(200);
    expect((await fetch(`${service.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
