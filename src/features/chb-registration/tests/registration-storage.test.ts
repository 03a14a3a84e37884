// The registration's storage contract, on both engines (SQLite in a scratch DATA_DIR, PostgreSQL
// on the run’s cluster, a fresh database per test): its tables come from its own migrations,
// applied with the platform's, and its repositories run on the platform's query builder.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../service/storage/postgres.ts';
import { openSqlite } from '../../../service/storage/sqlite.ts';
import type { PostgresCluster } from '../../../service/storage/tests/postgres-cluster.ts';
import { testPostgres } from '../../../service/storage/tests/shared-postgres.ts';
import type { Storage } from '../../../service/storage/types.ts';
import {
  registrationMigrations,
  registrationStorage,
  type RegistrationStorage,
} from '../server/storage/registration-storage.ts';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await testPostgres();
});
afterAll(() => cluster?.stop());

const opened: Storage[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const migrations = [registrationMigrations];
const engines: Record<string, () => Promise<Storage>> = {
  sqlite: async () => openSqlite(await mkdtemp(path.join(os.tmpdir(), 'registration-contract-')), { migrations }),
  postgres: async () => openPostgres(await cluster.database(), { poolSize: 3, migrations }),
};

describe.each(Object.keys(engines))('registration storage contract: %s', (engine) => {
  async function open(): Promise<RegistrationStorage> {
    const storage = await engines[engine]!();
    opened.push(storage);
    return registrationStorage(storage);
  }

  it('keeps applications by number, numbers unique', async () => {
    const s = await open();
    const id = await s.applications.add({ number: 'CHB-AAAA2222', lang: 'fr', data: '{"x":1}' });
    expect(await s.applications.get('CHB-AAAA2222')).toMatchObject({ id, number: 'CHB-AAAA2222', lang: 'fr' });
    expect(await s.applications.numberTaken('CHB-AAAA2222')).toBe(true);
    expect(await s.applications.numberTaken('CHB-BBBB2222')).toBe(false);
    await expect(s.applications.add({ number: 'CHB-AAAA2222', lang: 'en', data: '{}' })).rejects.toThrow();
  });

  it('stores an application given with more than its columns (the caller hands its whole object)', async () => {
    const s = await open();
    const application = { number: 'CHB-DDDD2222', lang: 'en', data: '{}', forward: true };
    const id = await s.applications.add(application);
    expect(await s.applications.get('CHB-DDDD2222')).toMatchObject({ id, number: 'CHB-DDDD2222', lang: 'en' });
  });

  it('tracks uploads from creation to their application', async () => {
    const s = await open();
    const base = { group: 'rental', filename: 'lease.pdf', size: 100 };
    await s.uploads.createUpload({ id: 'u1', ...base, createdAt: 1000 });
    await s.uploads.createUpload({ id: 'u2', ...base, size: null, createdAt: 5000 });
    await s.uploads.createUpload({ id: 'u3', ...base, createdAt: 2000 });
    expect(await s.uploads.attach('u1', 1, 'x')).toBe(false); // not finished, no application
    await s.uploads.finishUpload('u1', { size: 90, detectedType: 'application/pdf', finishedAt: 3000 });
    await s.uploads.finishUpload('u3', { size: 80, detectedType: 'image/png', finishedAt: 3000 });
    const app = await s.applications.add({ number: 'CHB-CCCC2222', lang: 'en', data: '{}' });
    expect(await s.uploads.attach('u3', app, 'applications/CHB-CCCC2222/u3')).toBe(true);
    expect(await s.uploads.attach('u1', app, 'applications/CHB-CCCC2222/u1')).toBe(true);
    expect(await s.uploads.attach('u1', app, 'again')).toBe(false);
    await s.uploads.setFid('u1', '42');
    expect((await s.uploads.ofApplication(app)).map((u) => [u.id, u.fid])).toEqual([
      ['u1', '42'],
      ['u3', null],
    ]);
    expect(await s.uploads.unattachedUploads()).toEqual([{ id: 'u2', size: null }]);
    expect(await s.uploads.expiredUploads(6000)).toEqual(['u2']);
    expect(await s.uploads.expiredUploads(4000)).toEqual([]);
    expect(await s.uploads.getUpload('u1')).toEqual({
      id: 'u1',
      group: 'rental',
      filename: 'lease.pdf',
      size: 90,
      createdAt: 1000,
      finishedAt: 3000,
      detectedType: 'application/pdf',
      applicationId: app,
      path: 'applications/CHB-CCCC2222/u1',
      fid: '42',
    });
    await s.uploads.deleteUpload('u1'); // attached: kept
    await s.uploads.deleteUpload('u2');
    expect(await s.uploads.getUpload('u1')).toBeDefined();
    expect(await s.uploads.getUpload('u2')).toBeUndefined();
  });

  it('stores an application, its uploads and its outbox item in one transaction, or none of them', async () => {
    const s = await open();
    await s.uploads.createUpload({ id: 'u9', group: 'rental', filename: 'a.pdf', size: 10, createdAt: 1 });
    await s.uploads.finishUpload('u9', { size: 10, detectedType: 'application/pdf', finishedAt: 2 });
    await expect(
      s.transaction(async (tx) => {
        const id = await tx.applications.add({ number: 'CHB-EEEE2222', lang: 'en', data: '{}' });
        await tx.uploads.attach('u9', id, 'applications/CHB-EEEE2222/u9');
        await tx.outbox.add({ kind: 'application', ref: 'CHB-EEEE2222' });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await s.applications.numberTaken('CHB-EEEE2222')).toBe(false);
    expect((await s.uploads.getUpload('u9'))?.applicationId).toBeNull();
    expect(await s.outbox.counts()).toEqual({ pending: 0, failed: 0 });
    await s.transaction(async (tx) => {
      const id = await tx.applications.add({ number: 'CHB-EEEE2222', lang: 'en', data: '{}' });
      expect(await tx.uploads.attach('u9', id, 'applications/CHB-EEEE2222/u9')).toBe(true);
      await tx.outbox.add({ kind: 'application', ref: 'CHB-EEEE2222' });
    });
    expect(await s.outbox.counts()).toEqual({ pending: 1, failed: 0 });
    expect((await s.uploads.getUpload('u9'))?.applicationId).not.toBeNull();
  });
});
