// Issue 43, item 3: what a node stopped between a commit and its files (or an older version's
// move before a commit that failed) is put right when a node starts, on SQLite and PostgreSQL:
// the folder of an application that does not exist gives its upload back (the applicant's retry
// finds it) and goes; a stored application's file left under its upload name is moved into place;
// a stored file found nowhere is reported in the log.
import { existsSync, mkdirSync, renameSync, rmSync, utimesSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/service/start.ts';
import type { PostgresCluster } from '../../src/service/storage/tests/postgres-cluster.ts';
import { testPostgres } from '../../src/service/storage/tests/shared-postgres.ts';
import { pdf, upload, validApplication } from '../../src/features/chb-registration/tests/support.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

describe.each(['sqlite', 'postgres'])('application files at start (%s)', (engine) => {
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    if (engine === 'postgres') cluster = await testPostgres();
  }, 60_000);
  afterAll(async () => cluster?.stop());

  /** A node on `dataDir` (and one database for the test); `start` again is the same node restarted. */
  async function nodeOn() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'happ-data-'));
    const distDir = await mkdtemp(path.join(os.tmpdir(), 'happ-dist-'));
    const databaseUrl = await cluster?.database();
    return {
      dataDir,
      async start() {
        const logs: string[] = [];
        const server = await startServer({
          port: 0,
          site: { distDir },
          dataDir,
          databaseUrl,
          log: (l) => logs.push(l),
        });
        closers.push(server.close);
        const submit = (body: unknown) =>
          fetch(`${server.url}/api/applications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        return { server, logs, submit };
      },
    };
  }

  it('puts back the upload of a folder whose application was never stored, and the retry stores it', async () => {
    const node = await nodeOn();
    const first = await node.start();
    const file = await upload(first.server.url, pdf(), { filename: 'lease.pdf', group: 'rental' });
    await first.server.close();
    closers.pop();
    // What a move before a rolled-back COMMIT left: the upload only in a folder of no application.
    const orphan = path.join(node.dataDir, 'applications', '1234-5678-9012');
    mkdirSync(orphan, { recursive: true });
    renameSync(path.join(node.dataDir, 'uploads', file.id), path.join(orphan, file.id));
    utimesSync(orphan, hoursAgo(2), hoursAgo(2));
    const young = path.join(node.dataDir, 'applications', '2222-3333-4444');
    mkdirSync(young);

    const second = await node.start();
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(path.join(node.dataDir, 'uploads', file.id))).toBe(true);
    // A folder this young may be a transaction under way on another node: left alone.
    expect(existsSync(young)).toBe(true);
    expect(second.logs.join('\n')).toMatch(
      /1 folder\(s\) of applications never stored removed, 1 upload\(s\) put back/,
    );
    const stored = await second.submit(validApplication([{ uploadId: file.id, group: 'rental', name: 'lease.pdf' }]));
    expect(stored.status).toBe(201);
  }, 60_000);

  it('moves a stored file left under its upload name into place, and reports one found nowhere', async () => {
    const node = await nodeOn();
    const first = await node.start();
    const files = [
      await upload(first.server.url, pdf(), { filename: 'lease.pdf', group: 'rental' }),
      await upload(first.server.url, pdf(), { filename: 'pay.pdf', group: 'rental' }),
    ];
    const answer = await first.submit(
      validApplication([
        { uploadId: files[0]!.id, group: 'rental', name: 'lease.pdf' },
        { uploadId: files[1]!.id, group: 'rental', name: 'pay.pdf' },
      ]),
    );
    expect(answer.status).toBe(201);
    const { applicationNumber } = (await answer.json()) as { applicationNumber: string };
    await first.server.close();
    closers.pop();
    const stored = (id: string) => path.join(node.dataDir, 'applications', applicationNumber, id);
    // A node stopped after the commit, before the upload names went: the first still under its upload name only.
    renameSync(stored(files[0]!.id), path.join(node.dataDir, 'uploads', files[0]!.id));
    // The second lost altogether (a disk restored without it).
    rmSync(stored(files[1]!.id));

    const second = await node.start();
    expect(existsSync(stored(files[0]!.id))).toBe(true);
    expect(existsSync(path.join(node.dataDir, 'uploads', files[0]!.id))).toBe(false);
    const log = second.logs.join('\n');
    expect(log).toMatch(/1 stored file\(s\) moved into place/);
    expect(log).toMatch(/1 stored file\(s\) missing/);
    expect(log).not.toContain(applicationNumber);
  }, 60_000);
});
