// Nothing lost: an application stored while the CMS is down is forwarded after a restart; a CMS
// refusal is kept as failed, not retried. Cross-origin tus allows exactly the site's origin.
import { createServer } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLocalCms } from '../../../../scripts/local-cms/server.ts';
import { startServer } from '../../../service/start.ts';
import { closeAll, closers, DOB, intake, pdf, SIN, upload, validApplication, storedApplication } from './support.ts';

afterEach(closeAll);

describe('housing intake resilience', () => {
  it('forwards after a restart an application stored while the CMS was down', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hsrv-data-'));
    const distDir = await mkdtemp(path.join(os.tmpdir(), 'hsrv-dist-'));
    const down = 'http://127.0.0.1:9/'; // discard port: connection refused
    const first = await startServer({
      port: 0,
      site: { distDir },
      dataDir,
      log: () => {},
      forwarding: { webformUrl: down, retryMs: 20 },
    });
    const file = await upload(first.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
    const response = await fetch(`${first.url}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validApplication([{ uploadId: file.id, group: 'rental', name: 'lease.pdf' }])),
    });
    expect(response.status).toBe(201);
    const { applicationNumber } = await response.json();
    // The service tried and the CMS was not there: a failed attempt, kept for later.
    await vi.waitFor(
      async () =>
        expect(
          (await first.storage.outbox.list()).find((e) => e.ref === `application:${applicationNumber}`)?.attempts,
        ).toBeGreaterThan(0),
      { timeout: 10_000 },
    );
    expect((await storedApplication(first.storage, applicationNumber))!.deliveredAt).toBeNull();
    await first.close();

    const cms = await startLocalCms({ port: 0, log: () => {} });
    closers.push(cms.close);
    const second = await startServer({
      port: 0,
      site: { distDir },
      dataDir,
      log: () => {},
      forwarding: { webformUrl: cms.url, retryMs: 20 },
    });
    closers.push(second.close);
    await vi.waitFor(() => expect(cms.webform.submissions).toHaveLength(1), { timeout: 10_000 });
    expect(cms.webform.files.map((f) => f.field)).toEqual(['rental_documents']);
    expect(cms.webform.submissions).toHaveLength(1);
    expect(cms.webform.submissions[0]).toMatchObject({
      application_number: applicationNumber,
      applicant: { sin: SIN, dateOfBirth: DOB },
      rental_documents: [1],
    });
  });

  it('keeps a CMS refusal as failed without retrying', async () => {
    let calls = 0;
    const cms = createServer((req, res) => {
      calls++;
      req.resume();
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"Unknown field","error":{"x":"bad"}}');
    });
    await new Promise<void>((r) => cms.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => cms.close(() => r())));
    const { server, submit, logs } = await intake({
      forwarding: { webformUrl: `http://127.0.0.1:${(cms.address() as { port: number }).port}`, retryMs: 20 },
    });
    const { applicationNumber } = await (await submit(validApplication())).json();
    await vi.waitFor(
      async () =>
        expect((await storedApplication(server.storage, applicationNumber))!.forwardFailed).toMatch(/^HTTP 400/),
      { timeout: 10_000 },
    );
    expect(calls).toBe(1);
    // Not retried: the forwarder has since sent (and had refused) a second application, and the
    // CMS has been called once for each.
    const second = (await (await submit(validApplication())).json()) as { applicationNumber: string };
    await vi.waitFor(
      async () =>
        expect((await storedApplication(server.storage, second.applicationNumber))!.forwardFailed).toMatch(/^HTTP 400/),
      { timeout: 10_000 },
    );
    expect(calls).toBe(2);
    expect(logs.join('\n')).not.toContain('Unknown field');
  });

  it('answers cross-origin tus requests for the site origin only', async () => {
    const site = 'https://www.example.ca';
    const { server } = await intake({ intake: { allowedOrigin: site } });
    const preflight = await fetch(`${server.url}/api/uploads`, {
      method: 'OPTIONS',
      headers: {
        origin: site,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'tus-resumable,upload-length,upload-metadata',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(site);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('upload-metadata');
    const created = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        origin: site,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${btoa('a.pdf')},group ${btoa('rental')}`,
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('location');
    const foreign = await fetch(`${server.url}/api/uploads`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
