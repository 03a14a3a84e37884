// POST /api/applications over real HTTP: stored with its files, forwarded to the local CMS (files
// first, then the submission with their ids), each server-side refusal, the SIN and dates of
// birth never in plain text in the database file or the logs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../../scripts/local-cms/server.ts';
import {
  closeAll,
  closers,
  CHILD_DOB,
  createUpload,
  DOB,
  intake,
  patch,
  pdf,
  png,
  SIN,
  SPOUSE_DOB,
  tusFor,
  upload,
  validApplication,
  storedApplication,
  onEngine,
} from './support.ts';

afterEach(closeAll);

async function cms() {
  const local = await startLocalCms({
    port: 0,
    webformDir: await mkdtemp(path.join(os.tmpdir(), 'hsrv-cms-')),
    log: () => {},
  });
  closers.push(local.close);
  const received = async () =>
    (await (await fetch(new URL('/webform_rest/_received', local.url))).json()) as {
      submissions: Array<Record<string, unknown>>;
      files: Array<{ fid: number; field: string; filename: string; size: number }>;
    };
  return { url: local.url, received };
}

async function until<T>(check: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(['sqlite', 'postgres'])('housing benefit application on %s', (engine) => {
  onEngine(engine);
  it('stores a valid application with its files and forwards files, then the submission with their ids', async () => {
    const local = await cms();
    const { server, dataDir, logs, submit } = await intake({ forwarding: { webformUrl: local.url, retryMs: 50 } });
    const deposit = await upload(server.url, pdf(1_500_000), { filename: 'dépôt direct.pdf', group: 'directDeposit' });
    const lease = await upload(server.url, png(), { filename: 'lease.png', group: 'rental' });
    expect(deposit.last.status).toBe(204);
    expect(lease.last.status).toBe(204);

    const body = validApplication([
      { uploadId: deposit.id, group: 'directDeposit', name: 'dépôt direct.pdf' },
      { uploadId: lease.id, group: 'rental', name: 'lease.png' },
    ]);
    const response = await submit(body, { 'idempotency-key': 'k-1' });
    expect(response.status).toBe(201);
    const { applicationNumber } = (await response.json()) as { applicationNumber: string };
    expect(applicationNumber).toMatch(/^\d{4}-\d{4}-\d{4}$/);

    // The retried request (same key, same body) answers the first answer, stores nothing twice.
    const again = await submit(body, { 'idempotency-key': 'k-1' });
    expect(await again.json()).toEqual({ applicationNumber });

    // Files moved next to the application, out of the upload area; tus no longer knows them.
    const folder = path.join(dataDir, 'applications', applicationNumber);
    expect(readdirSync(folder).sort()).toEqual([deposit.id, lease.id].sort());
    expect(statSync(path.join(folder, deposit.id)).size).toBe(1_500_000);
    expect(existsSync(path.join(dataDir, 'uploads', deposit.id))).toBe(false);
    expect((await fetch(deposit.url!, { method: 'HEAD', headers: tusFor(deposit.url!) })).status).toBe(404);
    const stored = (await storedApplication(server.storage, applicationNumber))!;
    expect(stored.files.map((f) => f.detectedType).sort()).toEqual(['application/pdf', 'image/png']);

    // Forwarded: both files at the CMS, then one submission naming their file ids, with the SIN.
    const got = await until(async () => {
      const r = await local.received();
      return r.submissions.length ? r : undefined;
    });
    expect(got.files.map((f) => [f.field, f.filename, f.size]).sort()).toEqual([
      ['direct_deposit_form', 'depot direct.pdf', 1_500_000],
      ['rental_documents', 'lease.png', 3000],
    ]);
    const submission = got.submissions[0]!;
    const fidOf = (field: string) => got.files.find((f) => f.field === field)!.fid;
    expect(submission).toMatchObject({
      webform_id: 'chb_registration',
      application_number: applicationNumber,
      direct_deposit_form: [fidOf('direct_deposit_form')],
      rental_documents: [fidOf('rental_documents')],
      employment_income_proof: [],
      household_income_proof: [],
      applicant: { sin: SIN, dateOfBirth: DOB, lastName: 'Tremblay' },
      members19Plus: [{ dateOfBirth: SPOUSE_DOB }],
      members18Under: [{ dateOfBirth: CHILD_DOB }],
    });
    await until(async () =>
      (await storedApplication(server.storage, applicationNumber))!.deliveredAt ? true : undefined,
    );

    // Never in plain text at rest (SQLite: the database file and its WAL; PostgreSQL: the row) nor in the logs.
    const bytes =
      engine === 'sqlite'
        ? ['intake.sqlite', 'intake.sqlite-wal']
            .filter((f) => existsSync(path.join(dataDir, f)))
            .map((f) => readFileSync(path.join(dataDir, f)).toString('latin1'))
            .join('')
        : `${applicationNumber} ${(await server.applications.get(applicationNumber))!.data}`;
    expect(bytes).toContain(applicationNumber);
    for (const secret of [SIN, '046 454 286', DOB, SPOUSE_DOB, CHILD_DOB]) expect(bytes).not.toContain(secret);
    expect(stored.data).toContain('Tremblay');
    const log = logs.join('\n');
    for (const secret of [SIN, '046 454 286', DOB, 'Tremblay', 'alex@example.ca']) expect(log).not.toContain(secret);
    const lines = logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      lines.some((l) => l.route === '/api/applications' && l.status === 201 && typeof l.durationMs === 'number'),
    ).toBe(true);
  });

  it('retries forwarding after a CMS outage without sending a file twice', async () => {
    const local = await cms();
    // A CMS front that accepts files but fails the first submission.
    const { createServer } = await import('node:http');
    let submits = 0;
    const front = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      if (req.url!.startsWith('/webform_rest/submit') && submits++ === 0) return res.writeHead(503).end('{}');
      const answer = await fetch(new URL(req.url!, local.url), {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => front.close(() => r())));
    const { server, submit } = await intake({
      forwarding: { webformUrl: `http://127.0.0.1:${(front.address() as { port: number }).port}`, retryMs: 50 },
    });
    const a = await upload(server.url, pdf(), { filename: 'stub.pdf', group: 'employment' });
    const b = await upload(server.url, pdf(), { filename: 'letter.pdf', group: 'householdIncome' });
    const response = await submit(
      validApplication([
        { uploadId: a.id, group: 'employment', name: 'stub.pdf' },
        { uploadId: b.id, group: 'householdIncome', name: 'letter.pdf' },
      ]),
    );
    expect(response.status).toBe(201);
    const got = await until(async () => {
      const r = await local.received();
      return r.submissions.length ? r : undefined;
    });
    expect(submits).toBe(2);
    expect(got.files).toHaveLength(2);
    expect(got.submissions[0]).toMatchObject({
      employment_income_proof: [got.files.find((f) => f.filename === 'stub.pdf')!.fid],
    });
  });

  describe('refusals (422 with the message in the request language, nothing stored)', () => {
    const refused = async (body: unknown, lang: 'en' | 'fr' = 'en') => {
      const { server, submit } = await intake();
      const response = await submit(body, { 'accept-language': lang });
      expect(response.status).toBe(422);
      const { errors } = (await response.json()) as { errors: Array<{ path: string; message: string }> };
      return { errors, server };
    };

    it('a missing required field', async () => {
      const app = validApplication();
      app.applicant.lastName = '';
      const { errors } = await refused(app);
      expect(errors).toContainEqual(
        expect.objectContaining({ path: 'applicant.lastName', message: 'This field is required.' }),
      );
    });

    it('a province other than NB, in French', async () => {
      const app = validApplication([], 'fr');
      app.applicant.homeAddress.province = 'NS';
      const { errors } = await refused(app, 'fr');
      expect(errors).toContainEqual(
        expect.objectContaining({
          path: 'applicant.homeAddress.province',
          message: 'La province doit être le Nouveau-Brunswick.',
        }),
      );
    });

    it('a SIN failing the check digit', async () => {
      const app = validApplication();
      app.applicant.sin = '046 454 287';
      const { errors } = await refused(app);
      expect(errors).toEqual([
        expect.objectContaining({ path: 'applicant.sin', message: 'Enter a valid 9-digit social insurance number.' }),
      ]);
    });

    it('an upload nobody made (unknown id)', async () => {
      const { errors } = await refused(
        validApplication([{ uploadId: 'f'.repeat(32), group: 'rental', name: 'lease.pdf' }]),
      );
      expect(errors).toEqual([
        expect.objectContaining({ path: 'uploads.0', message: expect.stringMatching(/not received/) }),
      ]);
    });

    it('an upload not finished', async () => {
      const { server, submit } = await intake();
      const created = await createUpload(server.url, { filename: 'lease.pdf', group: 'rental' }, 5000);
      expect((await patch(created.url, 0, pdf(2500))).status).toBe(204);
      const response = await submit(validApplication([{ uploadId: created.id, group: 'rental', name: 'lease.pdf' }]));
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toEqual([
        expect.objectContaining({ path: 'uploads.0', message: expect.stringMatching(/not finished/) }),
      ]);
    });

    it('an upload listed twice or under another group than it was uploaded for', async () => {
      const { server, submit } = await intake();
      const file = await upload(server.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
      const twice = await submit(
        validApplication([
          { uploadId: file.id, group: 'rental', name: 'lease.pdf' },
          { uploadId: file.id, group: 'rental', name: 'lease.pdf' },
        ]),
      );
      expect((await twice.json()).errors).toEqual([expect.objectContaining({ path: 'uploads.1', code: 'duplicate' })]);
      const other = await submit(validApplication([{ uploadId: file.id, group: 'employment', name: 'lease.pdf' }]));
      expect((await other.json()).errors).toEqual([
        expect.objectContaining({ path: 'uploads.0', code: 'wrong_group' }),
      ]);
      expect((await server.uploads.getUpload(file.id))!.applicationId).toBeNull();
    });

    it('an upload already attached to another application', async () => {
      const { server, submit } = await intake();
      const file = await upload(server.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
      const uploads = [{ uploadId: file.id, group: 'rental', name: 'lease.pdf' }];
      expect((await submit(validApplication(uploads))).status).toBe(201);
      const response = await submit(validApplication(uploads));
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toEqual([
        expect.objectContaining({ path: 'uploads.0', message: expect.stringMatching(/already sent/) }),
      ]);
    });
  });
});
