// Issue 43 item 7: outbox errors logged application numbers. The number is what an applicant
// quotes on the phone to reach their file: it is personal data, and the log names an outbox item
// by its id only. An application whose document vanished before it was forwarded, or whose folder
// became a file (the error's path holds the number), forwarded over real HTTP until it fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../scripts/local-cms/server.ts';
import { startServer } from '../../src/service/start.ts';
import { pdf, upload, validApplication } from '../../src/features/chb-registration/tests/support.ts';
import { postgresBin } from '../../src/service/storage/tests/postgres-cluster.ts';
import { testPostgres } from '../../src/service/storage/tests/shared-postgres.ts';
import { cmsProxy, json, raw, waitFor } from './support.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function setup(engine: string, decide: Parameters<typeof cmsProxy>[1]) {
  const cms = await startLocalCms({ port: 0 });
  closers.push(cms.close);
  const proxy = await cmsProxy(cms.url, decide);
  closers.push(proxy.close);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sec-outbox-logs-'));
  closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const cluster = await testPostgres();
    closers.push(() => cluster.stop());
    databaseUrl = await cluster.database();
  }
  const logs: string[] = [];
  const server = await startServer({
    port: 0,
    site: { distDir: path.join(dataDir, 'none') },
    dataDir,
    databaseUrl,
    log: (l) => logs.push(l),
    forwarding: { webformUrl: proxy.url, retryMs: 250, maxAttempts: 3 },
  });
  closers.push(server.close);
  return { server, dataDir, logs };
}

/** The number in every spelling a log could hold it. */
const spellings = (number: string) => [number, number.replaceAll('-', ''), number.replaceAll('-', ' ')];

describe.each(['sqlite', ...(postgresBin() ? ['postgres'] : [])])('outbox errors (%s)', (engine) => {
  it('an application whose document vanished: the failures are logged without its number', async () => {
    let cmsDown = true;
    const { server, dataDir, logs } = await setup(engine, () => (cmsDown ? 'fail' : 'pass'));
    const lease = await upload(server.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
    const created = await raw(
      server.url,
      '/api/applications',
      json(validApplication([{ uploadId: lease.id, group: 'rental', name: 'lease.pdf' }])),
    );
    expect(created.status).toBe(201);
    const number = JSON.parse(created.text).applicationNumber as string;
    await waitFor(() => logs.some((l) => l.includes('failed')));
    rmSync(path.join(dataDir, 'applications', number), { recursive: true, force: true });
    cmsDown = false;
    await waitFor(() => logs.some((l) => l.includes('marked failed'))).catch((e: Error) => {
      throw new Error(`${e.message}:\n${logs.join('\n')}`);
    });
    expect(logs.join('\n')).toContain('ENOENT');
    for (const spelling of spellings(number)) expect(logs.join('\n')).not.toContain(spelling);
  });

  it('variant: its folder replaced by a file (ENOTDIR), retried then marked failed, without its number', async () => {
    let cmsDown = true;
    const { server, dataDir, logs } = await setup(engine, () => (cmsDown ? 'fail' : 'pass'));
    const lease = await upload(server.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
    const created = await raw(
      server.url,
      '/api/applications',
      json(validApplication([{ uploadId: lease.id, group: 'rental', name: 'lease.pdf' }])),
    );
    const number = JSON.parse(created.text).applicationNumber as string;
    await waitFor(() => logs.some((l) => l.includes('failed')));
    const folder = path.join(dataDir, 'applications', number);
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, 'not a folder');
    cmsDown = false;
    await waitFor(() => logs.some((l) => l.includes('marked failed'))).catch((e: Error) => {
      throw new Error(`${e.message}:\n${logs.join('\n')}`);
    });
    expect(logs.join('\n')).toContain('ENOTDIR');
    for (const spelling of spellings(number)) expect(logs.join('\n')).not.toContain(spelling);
  });
});
