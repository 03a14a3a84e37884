// The intake service over real HTTP with a temporary DATA_DIR, and forwarding to the local CMS; the
// same tests on SQLite and on PostgreSQL (the run’s cluster, a fresh database per service).
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { startServer, type ServerOptions } from '../start.ts';
import type { PostgresCluster } from '../storage/tests/postgres-cluster.ts';
import { testPostgres } from '../storage/tests/shared-postgres.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});
let cluster: PostgresCluster | undefined;
afterAll(() => cluster?.stop());
/** Where the services of the tests running now store (undefined: SQLite in their DATA_DIR). */
let database: (() => Promise<string>) | undefined;

async function intake(options: Partial<ServerOptions> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'intake-'));
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'dist-'));
  const logs: string[] = [];
  const databaseUrl = await database?.();
  const server = await startServer({
    port: 0,
    site: { distDir },
    dataDir,
    databaseUrl,
    log: (l) => logs.push(l),
    ...options,
  });
  closers.push(server.close);
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return { server, post, logs, dataDir, databaseUrl };
}

const feedback = {
  page: '/en/program/home-support-services',
  lang: 'en',
  answer: 'no',
  comment: 'SECRET-COMMENT-TEXT',
};
const correction = {
  page: '/en/page/about',
  lang: 'en',
  type: 'broken_link',
  description: 'SECRET-DESCRIPTION',
  email: 'person@example.ca',
};

describe.each(['sqlite', 'postgres'])('intake service on %s', (engine) => {
  beforeAll(async () => {
    if (engine !== 'postgres') return (database = undefined);
    cluster ??= await testPostgres();
    database = () => cluster!.database();
  });

  it('stores valid submissions and keeps submitted text out of the logs', async () => {
    const { server, post, logs } = await intake();
    expect((await post('/api/feedback', feedback)).status).toBe(200);
    expect((await post('/api/corrections', correction)).status).toBe(200);
    expect(await server.storage.submissions.count('feedback')).toBe(1);
    expect((await server.storage.submissions.list('correction'))[0]!.data).toMatchObject({
      type: 'broken_link',
      email: 'person@example.ca',
    });
    expect(logs.join('\n')).not.toMatch(/SECRET|person@example/);
  });

  it.each([
    [{ ...feedback, answer: 'maybe' }, { answer: 'required' }],
    [{ ...feedback, page: '' }, { page: 'required' }],
    [{ ...feedback, comment: 'x'.repeat(1001) }, { comment: 'too_long' }],
    [{ ...feedback, extra: 1 }, { extra: 'unknown_field' }],
  ])('refuses a bad feedback body with field codes and stores nothing (%#)', async (body, fields) => {
    const { server, post } = await intake();
    const response = await post('/api/feedback', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'validation',
      fields,
      message: expect.stringMatching(/^Some answers/),
    });
    expect(await server.storage.submissions.count('feedback')).toBe(0);
  });

  it('refuses a bad correction email and a missing description', async () => {
    const { server, post } = await intake();
    const response = await post('/api/corrections', { ...correction, email: 'nope', description: '' });
    expect(await response.json()).toEqual({
      error: 'validation',
      fields: { description: 'required', email: 'invalid_email' },
      message: expect.any(String),
    });
    expect(await server.storage.submissions.count('correction')).toBe(0);
  });

  it('answers a retried submission with the first answer (Idempotency-Key)', async () => {
    const { server, post } = await intake();
    const first = await (await post('/api/feedback', feedback, { 'idempotency-key': 'abc' })).json();
    const second = await (await post('/api/feedback', feedback, { 'idempotency-key': 'abc' })).json();
    expect(second).toEqual(first);
    expect(await server.storage.submissions.count('feedback')).toBe(1);
  });

  it('silently discards honeypot submissions, limits rate and body size', async () => {
    const { server, post } = await intake({ limits: { rateLimitPerMinute: 3 } });
    expect((await post('/api/feedback', { ...feedback, website: 'http://spam' })).status).toBe(200);
    expect(await server.storage.submissions.count('feedback')).toBe(0);
    expect((await post('/api/feedback', { ...feedback, comment: 'x'.repeat(20_000) })).status).toBe(413);
    await post('/api/feedback', feedback);
    expect((await post('/api/feedback', feedback)).status).toBe(429);
  });

  it('says each refusal in the request’s language: the form’s own, else Accept-Language', async () => {
    const { post } = await intake({ limits: { rateLimitPerMinute: 4 } });
    const fr = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };
    const message = async (r: Response) => ((await r.json()) as { message: string }).message;
    expect(await message(await post('/api/feedback', { ...feedback, lang: 'fr', answer: '?' }))).toMatch(
      /^Des réponses manquent/,
    );
    expect(await message(await post('/api/feedback', { ...feedback, comment: 'x'.repeat(20_000) }, fr))).toMatch(
      /trop volumineux/,
    );
    const plain = await post('/api/feedback', feedback, { ...fr, 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(await message(plain)).toMatch(/^Nous n’avons pas pu lire/);
    await post('/api/feedback', feedback);
    const limited = await post('/api/feedback', feedback, fr);
    expect(limited.status).toBe(429);
    expect(await message(limited)).toMatch(/^Trop d’envois/);
    expect(await message(await post('/api/feedback', feedback))).toMatch(/^Too many requests/);
  });

  it('answers a form post without JavaScript with a redirect', async () => {
    const { server } = await intake();
    const response = await fetch(`${server.url}/api/corrections`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ ...correction, lang: 'fr' }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/correction/thanks');
  });

  it('keeps what it acknowledged on disk (WAL, synchronous=FULL)', async () => {
    const { post, dataDir, server, databaseUrl } = await intake();
    expect((await post('/api/feedback', feedback)).status).toBe(200);
    await server.close();
    closers.pop();
    const reopened = await startServer({
      port: 0,
      site: { distDir: dataDir },
      dataDir,
      databaseUrl,
      log: () => undefined,
    });
    closers.push(reopened.close);
    expect(await reopened.storage.submissions.count('feedback')).toBe(1);
    if (engine === 'sqlite') expect((await readFile(path.join(dataDir, 'intake.sqlite'))).length).toBeGreaterThan(0);
  });

  it('forwards to the CMS webform endpoint once, in order, after a CMS outage', async () => {
    const cms = await startLocalCms({ port: 0, faults: 'fail-first=2' });
    closers.push(cms.close);
    const { post } = await intake({ forwarding: { webformUrl: cms.url, retryMs: 100 } });
    await post('/api/feedback', { ...feedback, comment: 'first' });
    await post('/api/corrections', correction);
    await vi.waitFor(() => expect(cms.webform.submissions).toHaveLength(2), { timeout: 20_000 });
    expect(cms.webform.submissions.map((s) => s.webform_id)).toEqual(['feedback', 'correction_request']);
    expect(cms.webform.submissions[0]!.comment).toBe('first');
  });
});
