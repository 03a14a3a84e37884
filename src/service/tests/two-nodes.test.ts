// Two intake nodes on one PostgreSQL behind Debian's nginx (an upstream of both), sharing
// DATA_DIR (the uploads): a load of feedback, corrections and full applications with resumable
// uploads, one node killed with SIGKILL in the middle of it, the clients carrying on through
// nginx (retries with the same Idempotency-Key, uploads resumed from the offset the other node
// reads). Then: no acknowledged submission lost, none forwarded twice to the CMS, every upload
// attached to its application, no SIN in clear in the database.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { runNginx } from '../../../tests/e2e/support/nginx.ts';
import { keepToken, pdf, SIN, TUS, validApplication } from '../../features/chb-registration/tests/support.ts';
import { postgresBin } from '../storage/tests/postgres-cluster.ts';
import { testPostgres } from '../storage/tests/shared-postgres.ts';
import { killHard, startService } from './service-process.ts';

const children: ChildProcess[] = [];
const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  while (closers.length) await closers.pop()!();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** nginx in the foreground on `port`, one upstream of the nodes; X-Node says which node answered. */
async function startBalancer(port: number, nodes: number[]) {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'nginx-two-'));
  const conf = path.join(prefix, 'conf');
  mkdirSync(conf);
  const main = path.join(conf, 'main.conf');
  writeFileSync(
    main,
    `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log crit;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  upstream intake { ${nodes.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=60s;`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header Host $host;
    add_header X-Node $upstream_addr always;
    client_max_body_size 8m;
    proxy_request_buffering off;
    proxy_http_version 1.1;
    location / { proxy_pass http://intake; }
  }
}
`,
  );
  return runNginx({ prefix, conf, main, args: ['-p', prefix, '-c', main] }, () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok),
  );
}

/** A request through nginx, again (same body, same Idempotency-Key) while a node's death is answered 502 or cut. */
const cut = { requests: 0 };
async function until(request: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await request().catch((error: Error) => error);
    // Not `instanceof Response`: a server started in this process (Hono's) replaces the global class.
    if (!(response instanceof Error) && ![502, 503, 504].includes(response.status)) return response;
    cut.requests++;
    if (attempt > 30) throw new Error(`no answer: ${response instanceof Error ? response.message : response.status}`);
    // nginx takes the killed node out once its connections fail: a moment, not a number of tries.
    await new Promise((r) => setTimeout(r, 20 * attempt));
  }
}

const CHUNK = 64 * 1024;

describe.skipIf(!postgresBin() || !existsSync('/usr/sbin/nginx'))('two intake nodes on one PostgreSQL', () => {
  it('lose nothing and forward nothing twice when one node is killed mid-load', async () => {
    const cluster = await testPostgres();
    closers.push(() => cluster.stop());
    const databaseUrl = await cluster.database('intake');
    const cms = await startLocalCms({ port: 0, log: () => undefined });
    closers.push(() => cms.close());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'two-nodes-'));
    await chmod(dataDir, 0o700);
    const distDir = await mkdtemp(path.join(os.tmpdir(), 'two-nodes-dist-'));
    // About 30 MB of uploads: gone with the file, not only with the run.
    closers.push(() =>
      Promise.all([dataDir, distDir].map((d) => rm(d, { recursive: true, force: true, maxRetries: 3 }))),
    );
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      WEBFORM_URL: `http://127.0.0.1:${cms.port}/`,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: '100000',
      OUTBOX_LEASE_SECONDS: '2',
      DATA_DIR_RESERVE_MB: '1',
    };
    const [a, b] = [await startService(env, children), await startService(env, children)];
    const port = await freePort();
    const nginx = await startBalancer(port, [a.port, b.port]);
    closers.push(() => nginx.stop());
    const base = `http://127.0.0.1:${port}`;
    const nodeA = `127.0.0.1:${a.port}`;

    // The load: each client its own address (X-Forwarded-For, believed from nginx only).
    let patches = 0;
    let killed = false;
    const killAt = 40;
    const uploadsServed: Array<{ before: Set<string>; after: Set<string> }> = [];
    const client = (n: number) => ({ 'x-forwarded-for': `10.0.${n >> 8}.${n & 255}` });

    async function sendUpload(n: number, group: string, bytes: Buffer): Promise<string> {
      const created = await until(() =>
        fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: {
            ...TUS,
            ...client(n),
            'upload-length': String(bytes.length),
            'upload-metadata': `filename ${Buffer.from(`${group}.pdf`).toString('base64')},group ${Buffer.from(group).toString('base64')}`,
          },
        }),
      );
      expect(created.status).toBe(201);
      // Kept for the application that names it (validApplication sends it).
      const url = keepToken(base, created);
      // Any node checks the token the other answered (one key): the proof every later request carries.
      const proof = { 'upload-token': created.headers.get('upload-token') ?? '' };
      const served = { before: new Set<string>(), after: new Set<string>() };
      uploadsServed.push(served);
      let offset = 0;
      while (offset < bytes.length) {
        const answer = await fetch(url, {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...client(n),
            ...proof,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
          },
          body: new Uint8Array(bytes.subarray(offset, offset + CHUNK)),
        }).catch((error: Error) => error);
        if (!(answer instanceof Error) && answer.status === 204) {
          (killed ? served.after : served.before).add(answer.headers.get('x-node') ?? '');
          offset = Number(answer.headers.get('upload-offset'));
          if (++patches === killAt) {
            await killHard(a.child);
            killed = true;
          }
          continue;
        }
        cut.requests++;
        // Cut off (the node died): ask where the upload stands, and go on from there.
        const head = await until(() => fetch(url, { method: 'HEAD', headers: { ...TUS, ...client(n), ...proof } }));
        expect(head.status).toBe(200);
        offset = Number(head.headers.get('upload-offset'));
      }
      return url.split('/').pop()!;
    }

    const acknowledged = {
      feedback: [] as string[],
      correction: [] as string[],
      applications: [] as Array<{ number: string; uploads: string[] }>,
    };
    const post = (route: string, n: number, body: unknown, key: string) =>
      until(() =>
        fetch(`${base}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, ...client(n) },
          body: JSON.stringify(body),
        }),
      );

    async function feedback(n: number) {
      const comment = `two-nodes feedback ${n}`;
      const r = await post('/api/feedback', n, { page: '/en/home', lang: 'en', answer: 'yes', comment }, `f-${n}`);
      if (r.status === 200) acknowledged.feedback.push(comment);
    }
    async function correction(n: number) {
      const description = `two-nodes correction ${n}`;
      const body = { page: '/en/page/about', lang: 'fr', type: 'broken_link', description, email: 'p@example.ca' };
      const r = await post('/api/corrections', n, body, `c-${n}`);
      if (r.status === 200) acknowledged.correction.push(description);
    }
    async function application(n: number) {
      const rental = await sendUpload(n, 'rental', pdf(300_000 + n * 1000));
      const deposit = await sendUpload(n, 'directDeposit', pdf(200_000 + n * 1000));
      const body = validApplication([
        { uploadId: rental, group: 'rental', name: 'rental.pdf' },
        { uploadId: deposit, group: 'directDeposit', name: 'directDeposit.pdf' },
      ]);
      const r = await post('/api/applications', n, body, `a-${n}`);
      expect(r.status, await r.clone().text()).toBe(201);
      acknowledged.applications.push({
        number: ((await r.json()) as { applicationNumber: string }).applicationNumber,
        uploads: [rental, deposit],
      });
    }

    // Forms keep coming, before, during and after the kill, until the applications are in.
    let applying = true;
    let forms = 0;
    const formWorker = async (send: (n: number) => Promise<void>) => {
      while (applying && forms < 3000) await send(forms++);
    };
    const applications = Promise.all(Array.from({ length: 12 }, (_, i) => application(1000 + i))).finally(
      () => (applying = false),
    );
    await Promise.all([applications, ...[feedback, correction, feedback, correction].map(formWorker)]);
    expect(killed).toBe(true);
    console.log(
      `two nodes: ${acknowledged.feedback.length} feedback, ${acknowledged.correction.length} corrections and 12 applications acknowledged, ${cut.requests} requests cut by the kill and retried`,
    );
    expect(acknowledged.applications).toHaveLength(12);
    // Uploads that node A was receiving were finished through node B.
    expect(uploadsServed.filter((u) => u.before.has(nodeA) && u.after.size > 0).length).toBeGreaterThan(0);

    // The CMS receives everything acknowledged (node A's claimed items are taken up by node B).
    const received = (webform: string) => cms.webform.submissions.filter((s) => s.webform_id === webform);
    await expect
      .poll(
        () => [received('feedback').length, received('correction_request').length, received('chb_registration').length],
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toEqual([acknowledged.feedback.length, acknowledged.correction.length, 12]);
    const db = new pg.Pool({ connectionString: databaseUrl });
    // pg's Pool.end() resolves before its connections have closed, and the shared cluster's clean-up
    // then drops the database WITH (FORCE): a connection still closing is ended by the server, and
    // a pool with no error listener throws that as an uncaught exception.
    db.on('error', () => undefined);
    closers.push(() => db.end());
    const count = async (sql: string, values: unknown[] = []) =>
      (await db.query(sql, values)).rows as Array<Record<string, unknown>>;

    // 0 lost: every acknowledged submission is stored and was forwarded; 0 forwarded twice.
    const stored = (kind: string) => count('SELECT data FROM submissions WHERE kind = $1', [kind]);
    const storedFeedback = (await stored('feedback')).map(
      (r) => (JSON.parse(r.data as string) as { comment: string }).comment,
    );
    expect(storedFeedback.toSorted()).toEqual(acknowledged.feedback.toSorted());
    expect(
      received('feedback')
        .map((s) => s.comment)
        .toSorted(),
    ).toEqual(acknowledged.feedback.toSorted());
    expect(
      received('correction_request')
        .map((s) => s.description)
        .toSorted(),
    ).toEqual(acknowledged.correction.toSorted());
    const numbers = received('chb_registration').map((s) => s.application_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.toSorted()).toEqual(acknowledged.applications.map((x) => x.number).toSorted());
    // The CMS has each item before its node marks it delivered (and an item whose node was killed
    // between the two is marked by the other node once its lease ends): the marks follow.
    await expect
      .poll(() => count('SELECT 1 FROM outbox WHERE delivered_at IS NULL'), { timeout: 30_000, interval: 200 })
      .toEqual([]);

    // Every upload attached to its application, its file in the shared folder, sent with it.
    for (const { number, uploads } of acknowledged.applications) {
      const rows = await count(
        'SELECT u.id, u.path FROM uploads u JOIN applications a ON a.id = u.application_id WHERE a.number = $1 ORDER BY u.id',
        [number],
      );
      expect(rows.map((r) => r.id)).toEqual(uploads.toSorted());
      for (const r of rows) expect(existsSync(path.join(dataDir, r.path as string))).toBe(true);
      const sent = received('chb_registration').find((s) => s.application_number === number)!;
      expect([sent.rental_documents, sent.direct_deposit_form].map((f) => (f as unknown[]).length)).toEqual([1, 1]);
    }
    // Sealed at rest on PostgreSQL as on SQLite: no SIN, no date of birth in clear.
    const data = (await count('SELECT data FROM applications')).map((r) => r.data as string).join('\n');
    expect(data).not.toContain(SIN);
    expect(data).not.toContain('046 454 286');
    expect(data).not.toContain('1987-03-14');
  }, 180_000);
});
