// The upgrade to the one outbox (migration 005) on a DATA_DIR written by the code before it: a
// database with that schema (frozen in fixtures/intake-schema-004.sql) and the rows that code
// wrote (its SQL), pending, delivered, failed and unforwarded feedback and applications with their
// queue state. Opened by the current code, nothing is lost, the states carry over, and the
// pending feedback and the pending application (its file, its sealed SIN) still reach the CMS, once.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { sealApplication } from '../../features/chb-registration/server/applications.ts';
import { createSealer } from '../../features/chb-registration/server/crypto.ts';
import { parseApplication } from '../../features/chb-registration/rules/application.ts';
import { pdf, SIN, storedApplication, validApplication } from '../../features/chb-registration/tests/support.ts';
import { startServer } from '../start.ts';
import { openSqlite } from '../storage/sqlite.ts';
import { migrationPlan } from '../storage/migration-plan.ts';
import { featureMigrations } from '../intake-storage.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const key = Buffer.alloc(32, 9);
const PENDING = 'CHB-PEND2345';
const UPLOAD = 'upload-0001';
const at = '2026-11-01T12:00:00.000Z';

/** What the code before migration 005 left in DATA_DIR. */
function writeVersion4(dataDir: string) {
  const db = new DatabaseSync(path.join(dataDir, 'intake.sqlite'));
  db.exec(readFileSync(path.join(import.meta.dirname, 'fixtures/intake-schema-004.sql'), 'utf8'));
  for (const version of [1, 2, 3, 4]) db.prepare('INSERT INTO migrations VALUES (?, ?)').run(version, at);
  const submission = db.prepare('INSERT INTO submissions (kind, created_at, data) VALUES (?, ?, ?)');
  const outbox = db.prepare(
    'INSERT INTO outbox (submission_id, webform_id, payload, attempts, next_attempt_at, delivered_at, failed, last_error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const feedback = (comment: string) => ({ page: '/en/home', lang: 'en', answer: 'no', comment });
  const payload = (data: object, n: number) => JSON.stringify({ ...data, submission_key: `key-${n}` });
  // 1: stored while no WEBFORM_URL was set (no outbox row): outbox and submission ids differ.
  submission.run('feedback', at, JSON.stringify(feedback('never forwarded')));
  submission.run('feedback', at, JSON.stringify(feedback('pending across the upgrade')));
  outbox.run(2, 'feedback', payload(feedback('pending across the upgrade'), 2), 2, 0, null, null, 'HTTP 503');
  submission.run('feedback', at, JSON.stringify(feedback('delivered before')));
  outbox.run(3, 'feedback', payload(feedback('delivered before'), 3), 0, 0, at, null, null);
  submission.run('feedback', at, JSON.stringify(feedback('failed before')));
  outbox.run(
    4,
    'feedback',
    payload(feedback('failed before'), 4),
    20,
    0,
    null,
    'gave up after 20 attempts: HTTP 503',
    'x',
  );

  const parsed = parseApplication(validApplication([{ uploadId: UPLOAD, group: 'rental', name: 'lease.pdf' }]), 'en');
  if (!parsed.ok) throw new Error('the test application does not parse');
  const sealed = (number: string) => JSON.stringify(sealApplication(parsed.value, number, createSealer(key)));
  const application = db.prepare(
    'INSERT INTO applications (number, lang, created_at, data, forward, attempts, next_attempt_at, sid, delivered_at, failed, last_error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  application.run(PENDING, 'en', at, sealed(PENDING), 1, 3, 0, null, null, null, 'HTTP 502');
  application.run('CHB-DONE2345', 'en', at, sealed('CHB-DONE2345'), 1, 1, 0, '77', at, null, null);
  application.run(
    'CHB-FAIL2345',
    'en',
    at,
    sealed('CHB-FAIL2345'),
    1,
    1,
    0,
    null,
    null,
    'HTTP 400: refused',
    'HTTP 400: refused',
  );
  application.run('CHB-KEPT2345', 'en', at, sealed('CHB-KEPT2345'), 0, 0, 0, null, null, null, null);
  // The pending application's file, moved next to it when it was stored, not yet sent.
  const file = path.join('applications', PENDING, UPLOAD);
  mkdirSync(path.join(dataDir, 'applications', PENDING), { recursive: true });
  writeFileSync(path.join(dataDir, file), pdf(2000));
  db.prepare(
    'INSERT INTO uploads (id, grp, filename, size, created_at, finished_at, detected_type, application_id, path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(UPLOAD, 'rental', 'lease.pdf', 2000, 1, 2, 'application/pdf', 1, file);
  db.prepare('INSERT INTO idempotency (key, route, status, body, request_hash) VALUES (?, ?, ?, ?, ?)').run(
    'k-1',
    '/api/feedback',
    200,
    '{"ok":true,"id":2}',
    'h',
  );
  db.close();
}

describe('storage migrations', () => {
  it('are numbered files applied in order, recorded once', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'migrate-new-'));
    expect(migrationPlan('sqlite', featureMigrations).map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await openSqlite(dataDir, { migrations: featureMigrations }).close();
    const storage = openSqlite(dataDir, { migrations: featureMigrations });
    const versions = storage.db.prepare('SELECT version FROM migrations ORDER BY version').all();
    await storage.close();
    expect(versions.map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('upgrade a database of the code before the one outbox: nothing lost, and the pending items still delivered', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'migrate-v4-'));
    writeVersion4(dataDir);

    const storage = openSqlite(dataDir, { migrations: featureMigrations });
    expect(await storage.submissions.count('feedback')).toBe(4);
    expect(await storage.idempotency.get('k-1', '/api/feedback')).toEqual({
      status: 200,
      body: { ok: true, id: 2 },
      requestHash: 'h',
    });
    // Keys kept before they had a date count from the upgrade: none is forgotten at once.
    expect(await storage.idempotency.forgetBefore(Date.now() - 60_000)).toBe(0);
    expect(await storage.outbox.counts()).toEqual({ pending: 2, failed: 2 });
    expect((await storage.outbox.list()).map((e) => [e.ref, e.kind, e.attempts, e.failed, e.lastError])).toEqual([
      ['submission:2', 'feedback', 2, null, 'HTTP 503'],
      ['submission:4', 'feedback', 20, 'gave up after 20 attempts: HTTP 503', 'x'],
      [`application:${PENDING}`, 'application', 3, null, 'HTTP 502'],
      ['application:CHB-FAIL2345', 'application', 1, 'HTTP 400: refused', 'HTTP 400: refused'],
    ]);
    expect(await storage.outbox.state('application', 'CHB-DONE2345')).toMatchObject({ sid: '77', deliveredAt: at });
    expect(await storage.outbox.state('application', 'CHB-KEPT2345')).toBeUndefined();
    expect(await storedApplication(storage, 'CHB-KEPT2345')).toMatchObject({ lang: 'en', createdAt: at, files: [] });
    await storage.close();

    const cms = await startLocalCms({ port: 0, log: () => {} });
    closers.push(cms.close);
    const server = await startServer({
      port: 0,
      site: { distDir: path.join(dataDir, 'none') },
      dataDir,
      forwarding: { webformUrl: cms.url },
      intake: { encryptionKey: key.toString('base64') },
      log: () => {},
    });
    closers.push(server.close);
    await vi.waitFor(async () => expect(await server.storage.outbox.counts()).toEqual({ pending: 0, failed: 2 }), {
      timeout: 15_000,
    });
    expect(cms.webform.submissions.filter((s) => s.webform_id === 'feedback').map((s) => s.comment)).toEqual([
      'pending across the upgrade',
    ]);
    const sent = cms.webform.submissions.filter((s) => s.webform_id === 'chb_registration');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ application_number: PENDING, applicant: { sin: SIN }, rental_documents: [1] });
    expect(cms.webform.files.map((f) => [f.field, f.filename])).toEqual([['rental_documents', 'lease.pdf']]);
    expect(await storedApplication(server.storage, PENDING)).toMatchObject({
      forwardFailed: null,
      files: [{ fid: '1' }],
    });
    expect((await storedApplication(server.storage, PENDING))!.deliveredAt).toBeTruthy();
    // Newly stored submissions continue after the old ids.
    const response = await fetch(`${server.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: '/en/home', lang: 'en', answer: 'yes' }),
    });
    expect(await response.json()).toEqual({ ok: true, id: 5 });
    await vi.waitFor(async () => expect(await server.storage.outbox.counts()).toEqual({ pending: 0, failed: 2 }));
    expect(cms.webform.submissions.filter((s) => s.webform_id === 'feedback')).toHaveLength(2);
  }, 30_000);
});
