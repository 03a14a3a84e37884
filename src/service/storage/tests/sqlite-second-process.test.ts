// SQLite with a second process on the same DATA_DIR, as `npm run outbox` is while the service
// runs: a write of the other process (a retry, a discard) holds the write lock for a moment, and
// the service's own writes wait for it instead of failing with "database is locked". Opening the
// database elsewhere leaves the service's claims alone.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openSqlite } from '../sqlite.ts';
import type { Storage } from '../types.ts';
import { featureMigrations } from '../../intake-storage.ts';

const node = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/node');

const opened: Storage[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** Another process takes the write lock, says so, and holds it for `ms` before committing. */
function holdWriteLock(file: string, ms: number) {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    db.exec("UPDATE outbox SET last_error = 'held' WHERE 0");
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('COMMIT');
    db.close();`;
  const child = spawn(node, ['--no-warnings', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited (${code}) before locking`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { locked, exited };
}

async function serviceStorage() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sqlite-second-'));
  const storage = openSqlite(dir, { owner: true, migrations: featureMigrations });
  opened.push(storage);
  return { dir, storage };
}

describe('SQLite shared with another process (npm run outbox)', () => {
  it("the service's writes wait for the other process's write instead of failing", async () => {
    const { dir, storage } = await serviceStorage();
    const holder = holdWriteLock(path.join(dir, DATABASE_FILE), 400);
    await holder.locked;
    const started = Date.now();
    const id = await storage.submissions.add('feedback', { page: '/en', answer: 'yes' });
    await storage.outbox.add({ kind: 'submission', ref: String(id), webformId: 'feedback' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await holder.exited).toBe(0);
    expect(await storage.submissions.count('feedback')).toBe(1);
  });

  it("opening the database elsewhere leaves the service's claim on an item in place", async () => {
    const { dir, storage } = await serviceStorage();
    const id = await storage.submissions.add('feedback', { page: '/en', answer: 'no' });
    await storage.outbox.add({ kind: 'submission', ref: String(id), webformId: 'feedback' });
    const now = Date.now();
    const taken = await storage.outbox.next('submission', now, { by: 'service', until: now + 60_000 });
    expect(taken && 'id' in taken).toBe(true);

    const tool = openSqlite(dir, { migrations: featureMigrations });
    opened.push(tool);
    const again = await tool.outbox.next('submission', now, { by: 'tool', until: now + 60_000 });
    expect(again).toEqual({ waitUntil: now + 60_000 });
  });

  it('the service, restarted, takes up the items its stopped process had claimed', async () => {
    const { dir, storage } = await serviceStorage();
    const id = await storage.submissions.add('feedback', { page: '/fr', answer: 'oui' });
    await storage.outbox.add({ kind: 'submission', ref: String(id), webformId: 'feedback' });
    const now = Date.now();
    await storage.outbox.next('submission', now, { by: 'stopped', until: now + 60_000 });
    await storage.close();
    opened.splice(opened.indexOf(storage), 1);

    const restarted = openSqlite(dir, { owner: true, migrations: featureMigrations });
    opened.push(restarted);
    const taken = await restarted.outbox.next('submission', now, { by: 'restarted', until: now + 60_000 });
    expect(taken && 'id' in taken).toBe(true);
  });
});
