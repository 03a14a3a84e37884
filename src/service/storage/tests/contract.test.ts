// One storage contract, run against both engines: SQLite in a scratch DATA_DIR, and PostgreSQL
// on the run’s cluster (shared-postgres.ts), a fresh database per test. "Two nodes" are two
// storages opened on the same database.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../postgres.ts';
import { migrationPlan } from '../migration-plan.ts';
import { openSqlite } from '../sqlite.ts';
import type { Storage } from '../types.ts';
import type { PostgresCluster } from './postgres-cluster.ts';
import { testPostgres } from './shared-postgres.ts';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await testPostgres();
});
afterAll(() => cluster?.stop());

const opened: Storage[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** A new, empty place and a way to open storages (nodes) on it. */
const engines: Record<string, () => Promise<() => Promise<Storage>>> = {
  sqlite: async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'contract-'));
    return async () => openSqlite(dir, { migrations: [] });
  },
  postgres: async () => {
    const url = await cluster.database();
    return () => openPostgres(url, { poolSize: 5, migrations: [] });
  },
};

describe.each(Object.keys(engines))('storage contract: %s', (engine) => {
  async function nodes(count = 1): Promise<Storage[]> {
    const open = await engines[engine]!();
    const list: Storage[] = [];
    for (let i = 0; i < count; i++) list.push(await open());
    opened.push(...list);
    return list;
  }

  it('stores submissions in order and counts them per kind', async () => {
    const [s] = await nodes();
    const a = await s!.submissions.add('feedback', { comment: 'é « » ✓' });
    const b = await s!.submissions.add('feedback', { comment: 'two' });
    await s!.submissions.add('correction', { page: '/en' });
    expect(b).toBeGreaterThan(a);
    expect(await s!.submissions.count('feedback')).toBe(2);
    expect(await s!.submissions.list('feedback')).toEqual([
      { id: a, data: { comment: 'é « » ✓' } },
      { id: b, data: { comment: 'two' } },
    ]);
  });

  it('keeps the first answer of an idempotency key, across nodes', async () => {
    const [one, two] = await nodes(2);
    expect(await one!.idempotency.put('k', '/api/feedback', { status: 200, body: { id: 1 }, requestHash: 'h' })).toBe(
      true,
    );
    expect(await two!.idempotency.put('k', '/api/feedback', { status: 200, body: { id: 2 } })).toBe(false);
    expect(await two!.idempotency.get('k', '/api/feedback')).toEqual({
      status: 200,
      body: { id: 1 },
      requestHash: 'h',
    });
    expect(await two!.idempotency.get('k', '/api/corrections')).toBeUndefined();
  });

  it('gives an idempotency key to one of two racing transactions: the other waits, then loses (or wins after a rollback)', async () => {
    const [s] = await nodes();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const race = async (key: string, outcome: 'commit' | 'rollback') => {
      let claimed!: (won: boolean) => void;
      const firstClaim = new Promise<boolean>((resolve) => (claimed = resolve));
      const first = s!.transaction(async (tx) => {
        claimed(await tx.idempotency.claim(key, '/api/feedback', 'h'));
        await held;
        await tx.idempotency.answer(key, '/api/feedback', { status: 200, body: { id: 1 } });
        if (outcome === 'rollback') throw new Error('rolled back');
      });
      // The second starts once the first holds the key (a fixed sleep let a loaded machine start
      // them the other way round; SQLite queues it behind the first); the pause lets it meet the
      // claim and wait on it. The outcome is the same if it starts only after the release.
      const second = firstClaim.then((won) => {
        expect(won).toBe(true);
        return s!.transaction((tx) => tx.idempotency.claim(key, '/api/feedback', 'h'));
      });
      await new Promise((r) => setTimeout(r, 50));
      return { first: first.catch(() => 'rolled back'), second };
    };
    const committed = await race('k1', 'commit');
    const rolledBack = await race('k2', 'rollback');
    release();
    expect(await committed.second).toBe(false);
    expect(await rolledBack.second).toBe(true);
    expect(await s!.idempotency.get('k1', '/api/feedback')).toEqual({ status: 200, body: { id: 1 }, requestHash: 'h' });
    expect(await s!.idempotency.forgetBefore(Date.now() + 1)).toBe(2);
    expect(await s!.idempotency.get('k1', '/api/feedback')).toBeUndefined();
  });

  it('undoes a transaction that throws, and keeps one that returns', async () => {
    const [s] = await nodes();
    await expect(
      s!.transaction(async (tx) => {
        await tx.submissions.add('feedback', { n: 1 });
        await tx.outbox.add({ kind: 'submission', ref: '1', webformId: 'w', payload: { n: 1 } });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await s!.submissions.count('feedback')).toBe(0);
    expect(await s!.outbox.counts()).toEqual({ pending: 0, failed: 0 });
    const id = await s!.transaction(async (tx) => tx.submissions.add('feedback', { n: 2 }));
    expect(await s!.submissions.list('feedback')).toEqual([{ id, data: { n: 2 } }]);
  });

  it('runs the outbox: due first, each on its schedule, failed kept for a person', async () => {
    const [s] = await nodes();
    const claim = (now: number) => ({ by: 'a', until: now + 1000 });
    await s!.outbox.add({ kind: 'submission', ref: '1', webformId: 'feedback', payload: { a: 1 } });
    await s!.outbox.add({ kind: 'submission', ref: '2', webformId: 'feedback', payload: { a: 2 } });
    await s!.outbox.add({ kind: 'application', ref: 'CHB-DDDD2222' });
    const first = await s!.outbox.next('submission', 10, claim(10));
    expect(first).toMatchObject({
      kind: 'submission',
      ref: '1',
      webformId: 'feedback',
      payload: { a: 1 },
      attempts: 0,
    });
    if (!first || 'waitUntil' in first) throw new Error('expected an item');
    await s!.outbox.retryLater(first.id, 500, 'HTTP 503');
    const second = await s!.outbox.next('submission', 20, claim(20));
    expect(second).toMatchObject({ ref: '2' });
    if (!second || 'waitUntil' in second) throw new Error('expected an item');
    await s!.outbox.delivered(second.id, 'sid-2');
    expect(await s!.outbox.next('submission', 30, claim(30))).toEqual({ waitUntil: 500 });
    const again = await s!.outbox.next('submission', 600, claim(600));
    expect(again).toMatchObject({ ref: '1', attempts: 1 });
    if (!again || 'waitUntil' in again) throw new Error('expected an item');
    await s!.outbox.failed(again.id, 'HTTP 400: refused');
    expect(await s!.outbox.next('submission', 700, claim(700))).toBeUndefined();
    expect(await s!.outbox.state('submission', '2')).toMatchObject({ sid: 'sid-2', failed: null });
    expect(await s!.outbox.counts()).toEqual({ pending: 1, failed: 1 });
    expect((await s!.outbox.list()).map((e) => [e.ref, e.failed])).toEqual([
      ['submission:1', 'HTTP 400: refused'],
      ['application:CHB-DDDD2222', null],
    ]);
    expect(await s!.outbox.retry('submission:1')).toBe(true);
    expect(await s!.outbox.retry('submission:2')).toBe(false);
    expect(await s!.outbox.next('submission', 800, claim(800))).toMatchObject({ ref: '1', attempts: 0 });
  });

  it('gives an item to one node at a time; the other takes it up when the claim ends', async () => {
    const [one, two] = await nodes(2);
    await one!.outbox.add({ kind: 'application', ref: 'CHB-EEEE2222' });
    const taken = await one!.outbox.next('application', 100, { by: 'one', until: 1100 });
    expect(taken).toMatchObject({ ref: 'CHB-EEEE2222' });
    if (!taken || 'waitUntil' in taken) throw new Error('expected an item');
    // Held: the other node is told when the claim ends.
    expect(await two!.outbox.next('application', 200, { by: 'two', until: 1200 })).toEqual({ waitUntil: 1100 });
    expect(await one!.outbox.extend(taken.id, 'one', 2100)).toBe(true);
    expect(await two!.outbox.next('application', 1500, { by: 'two', until: 2500 })).toEqual({ waitUntil: 2100 });
    // Node one died: no more extensions; the claim ends and node two takes the item.
    const takenUp = await two!.outbox.next('application', 2200, { by: 'two', until: 3200 });
    expect(takenUp).toMatchObject({ ref: 'CHB-EEEE2222' });
    expect(await one!.outbox.extend(taken.id, 'one', 4000)).toBe(false);
  });

  it('never gives one item to two nodes claiming together', async () => {
    const [one, two] = await nodes(2);
    for (let i = 1; i <= 30; i++) await one!.outbox.add({ kind: 'submission', ref: String(i), payload: { i } });
    const taken: string[] = [];
    const drain = async (s: Storage, by: string) => {
      for (;;) {
        const item = await s.outbox.next('submission', 1000, { by, until: 60_000 });
        if (!item || 'waitUntil' in item) return;
        taken.push(item.ref);
      }
    };
    await Promise.all([drain(one!, 'one'), drain(two!, 'two'), drain(one!, 'one-b'), drain(two!, 'two-b')]);
    expect(taken.toSorted((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 30 }, (_, i) => String(i + 1)),
    );
  });

  it('counts rate limits per window, across nodes', async () => {
    const [one, two] = await nodes(2);
    expect(await one!.rateLimits.hit('k', 1000, 60_000)).toMatchObject({ count: 1, windowStart: 1000 });
    expect(await two!.rateLimits.hit('k', 2000, 60_000)).toMatchObject({ count: 2, windowStart: 1000 });
    expect(await one!.rateLimits.hit('other', 2000, 60_000)).toMatchObject({ count: 1, windowStart: 2000 });
    expect(await two!.rateLimits.hit('k', 61_000, 60_000)).toMatchObject({ count: 1, windowStart: 61_000 }); // a new window
    expect(await one!.rateLimits.hit('k', 61_500, 60_000)).toMatchObject({ count: 2, windowStart: 61_000 });
    await two!.rateLimits.forgive('k');
    expect(await one!.rateLimits.hit('k', 62_000, 60_000)).toMatchObject({ count: 2, windowStart: 61_000 });
  });

  it('counts on the database clock when no time is given', async () => {
    const [one, two] = await nodes(2);
    const before = Date.now();
    const first = await one!.rateLimits.hit('db-clock', undefined, 60_000);
    const second = await two!.rateLimits.hit('db-clock', undefined, 60_000);
    expect(first.count).toBe(1);
    expect(second).toMatchObject({ count: 2, windowStart: first.windowStart });
    // The test runs beside the database: its clock and the machine's agree within a second.
    expect(Math.abs(first.now - before)).toBeLessThan(1000);
    expect(second.now).toBeGreaterThanOrEqual(first.now);
  });

  it('keeps a long window while shorter ones are swept (a lock-out is not forgotten early)', async () => {
    const [one] = await nodes(1);
    for (let i = 0; i < 10; i++) await one!.rateLimits.hit('long', 0, 10 * 60_000);
    // A thousand hits of a one-minute limit, five minutes later: the sweep runs among them.
    for (let i = 0; i < 1000; i++) await one!.rateLimits.hit(`short-${i}`, 5 * 60_000, 60_000);
    expect((await one!.rateLimits.hit('long', 5 * 60_000, 10 * 60_000)).count).toBe(11);
  });

  it('holds a named lock for one holder until it is released', async () => {
    const [one, two] = await nodes(2);
    const release = await one!.tryLock('publish');
    expect(release).toBeDefined();
    expect(await one!.tryLock('publish')).toBeUndefined();
    if (engine === 'postgres') expect(await two!.tryLock('publish')).toBeUndefined();
    expect(await two!.tryLock('uploads:x')).toBeDefined();
    await release!();
    expect(await (engine === 'postgres' ? two! : one!).tryLock('publish')).toBeDefined();
  });
});

describe('PostgreSQL only', () => {
  it('has the same numbered migrations as SQLite, each in its own words', () => {
    const files = (engine: 'sqlite' | 'postgres') => migrationPlan(engine).map((m) => m.parts.map((p) => p.file));
    expect(files('postgres')).toEqual(files('sqlite'));
  });

  it('releases the locks of a node whose connection ended (a node that died)', async () => {
    const url = await cluster.database();
    const one = await openPostgres(url, { poolSize: 2, migrations: [] });
    const two = await openPostgres(url, { poolSize: 2, migrations: [] });
    opened.push(two);
    expect(await one.tryLock('publish')).toBeDefined();
    expect(await two.tryLock('publish')).toBeUndefined();
    // The pool ends its connections as a killed process's sockets would close.
    await one.close().catch(() => undefined);
    await expect.poll(async () => Boolean(await two.tryLock('publish'))).toBe(true);
  });
});
