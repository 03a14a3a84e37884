// Two intake nodes on one PostgreSQL whose clocks disagree by 10 minutes (one node's wall clock
// moved by a fault module, src/service/tests/faults/clock-offset.ts): an item one node has claimed
// and is sending is not taken by the other, so the CMS gets each submission and each file once.
// The leases and due times are the database's clock, never a node's.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { keepToken, pdf, TUS, tusFor, validApplication } from '../../features/chb-registration/tests/support.ts';
import { postgresBin } from '../storage/tests/postgres-cluster.ts';
import { testPostgres } from '../storage/tests/shared-postgres.ts';
import { startService } from './service-process.ts';

const children: ChildProcess[] = [];
const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  while (closers.length) await closers.pop()!();
});

const FAULT = path.join(import.meta.dirname, 'faults', 'clock-offset.ts');

// The run’s cluster (asked for by the first test), a database of its own for each test.
let cluster: Promise<Awaited<ReturnType<typeof testPostgres>>> | undefined;
const database = () => {
  if (!cluster) {
    cluster = testPostgres();
    closers.unshift(async () => (await cluster!).stop());
  }
  return cluster.then((c) => c.database());
};
const TEN_MINUTES = 10 * 60_000;

/** A slow network in front of the CMS: every request waits `delayMs`, and is counted. */
async function slowCms(target: string, delayMs: number) {
  const seen: Array<{ path: string; body: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ path: req.url ?? '', body: body.toString('latin1') });
      setTimeout(() => {
        const upstream = http.request(
          new URL(req.url ?? '/', target),
          { method: req.method, headers: req.headers },
          (a) => {
            res.writeHead(a.statusCode ?? 502, a.headers);
            a.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        upstream.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, seen };
}

async function twoNodes(offsets: [number, number]) {
  const cms = await startLocalCms({ port: 0, log: () => undefined });
  closers.push(() => cms.close());
  const network = await slowCms(`http://127.0.0.1:${cms.port}/`, 1500);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'two-clocks-'));
  await chmod(dataDir, 0o700);
  const env = {
    DATABASE_URL: await database(),
    DATA_DIR: dataDir,
    DIST_DIR: await mkdtemp(path.join(os.tmpdir(), 'two-clocks-dist-')),
    WEBFORM_URL: network.url,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_PER_MINUTE: '1000',
    OUTBOX_LEASE_SECONDS: '60',
    DATA_DIR_RESERVE_MB: '1',
  };
  const node = (offset: number) =>
    startService(
      offset ? { ...env, NODE_OPTIONS: `--import ${FAULT}`, FAULT_CLOCK_OFFSET_MS: String(offset) } : env,
      children,
    );
  const [a, b] = [await node(offsets[0]), await node(offsets[1])];
  return { a, b, cms, network };
}

const feedback = (base: string, comment: string) =>
  fetch(`${base}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: '/en/home', lang: 'en', answer: 'yes', comment }),
  });

/** An application with one uploaded PDF per group, all through `base`. */
async function apply(base: string, groups: string[]) {
  const uploads = [];
  for (const [i, group] of groups.entries()) {
    const bytes = pdf(20_000 + i);
    const name = `${group}-${i}.pdf`;
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from(name).toString('base64')},group ${Buffer.from(group).toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = keepToken(base, created);
    const patched = await fetch(url, {
      method: 'PATCH',
      headers: { ...tusFor(url), 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body: new Uint8Array(bytes),
    });
    expect(patched.status).toBe(204);
    uploads.push({ uploadId: url.split('/').pop()!, group, name });
  }
  return fetch(`${base}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validApplication(uploads)),
  });
}

describe.skipIf(!postgresBin())('two intake nodes whose clocks disagree', () => {
  it('a node 10 minutes fast does not take the item the other is sending: the CMS gets it once', async () => {
    const { a, b, cms, network } = await twoNodes([0, TEN_MINUTES]);
    expect((await feedback(a.url, 'first, on the right clock')).status).toBe(200);
    // Node A is sending it (the CMS is slow); node B wakes with work of its own and looks for due items.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await feedback(b.url, 'second, on the fast node')).status).toBe(200);
    await expect
      .poll(() => cms.webform.submissions.filter((s) => s.webform_id === 'feedback').length, { timeout: 30_000 })
      .toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const sent = (comment: string) =>
      network.seen.filter((r) => r.path.includes('/submit') && r.body.includes(comment)).length;
    expect(sent('first, on the right clock')).toBe(1);
    expect(sent('second, on the fast node')).toBe(1);
  }, 120_000);

  it('variant: an application claimed by a node 10 minutes slow is not taken up by the other: each file sent once', async () => {
    const { a, b, cms, network } = await twoNodes([-TEN_MINUTES, 0]);
    expect((await apply(a.url, ['rental', 'rental', 'directDeposit'])).status).toBe(201);
    // Node A is sending the files one by one (the CMS is slow); node B gets an application of its
    // own, which has its outbox look for due items.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await apply(b.url, ['rental', 'directDeposit'])).status).toBe(201);
    await expect
      .poll(() => cms.webform.submissions.filter((s) => s.webform_id === 'chb_registration').length, {
        timeout: 30_000,
      })
      .toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(network.seen.filter((r) => r.path.includes('/upload/')).length).toBe(5);
    expect(cms.webform.files).toHaveLength(5);
  }, 120_000);
});

describe.skipIf(!postgresBin())('a wrong-token lock-out on two nodes whose clocks disagree', () => {
  it('an address locked out on one node is locked out on the node 10 minutes fast', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'two-clocks-'));
    await chmod(dataDir, 0o700);
    const env = {
      DATABASE_URL: await database(),
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_SECRET: 'two-clocks-webhook-secret',
      TRUST_PROXY: 'loopback',
    };
    const a = await startService(env, children);
    const b = await startService(
      { ...env, NODE_OPTIONS: `--import ${FAULT}`, FAULT_CLOCK_OFFSET_MS: String(TEN_MINUTES) },
      children,
    );
    const status = (base: string, token: string) =>
      fetch(`${base}/hooks/cms/status`, {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.80' },
      }).then((r) => r.status);
    for (let i = 0; i < 10; i++) expect(await status(a.url, `wrong-guess-${i}-xxxxxxxx`)).toBe(200);
    expect(await status(a.url, env.WEBHOOK_SECRET)).toBe(429);
    expect(await status(b.url, env.WEBHOOK_SECRET)).toBe(429);
    expect(await status(b.url, 'another-wrong-guess-xxxxxxxx')).toBe(429);
  }, 60_000);
});
