// Two publishing nodes on one PostgreSQL and one shared RELEASES_DIR: the build history is the
// builds of both nodes (neither rewrites it from its own memory), and the folder a killed node left
// half-built is removed by a node that is running, without a restart, never while it is being built.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublisher, type Publisher } from '../../release/publisher/publisher.ts';
import { releaseOf } from '../../release/releases.ts';
import { sharedBuildLock } from '../publishing/deliveries.ts';
import { openPostgres } from '../storage/postgres.ts';
import { postgresBin, type PostgresCluster } from '../storage/tests/postgres-cluster.ts';
import { testPostgres } from '../storage/tests/shared-postgres.ts';
import { featureMigrations } from '../intake-storage.ts';

let cluster: PostgresCluster;
let url: string;
let databases = 0;
const closers: Array<() => unknown> = [];
beforeAll(async () => {
  if (!postgresBin()) return;
  cluster = await testPostgres();
});
// Each test its own database (its own build lock): a test that fails leaves nothing to the next.
beforeEach(async () => {
  if (cluster) url = await cluster.database(`builds_${++databases}`);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await cluster?.stop();
});

async function node(releasesDir: string, build: (dir: string) => Promise<void>, sweepEveryMs?: number) {
  const storage = await openPostgres(url, { poolSize: 3, migrations: featureMigrations });
  const publisher = createPublisher({
    root: process.cwd(),
    releasesDir,
    cacheDir: path.join(releasesDir, '.cache'),
    buildLock: sharedBuildLock(storage),
    log: () => undefined,
    ...(sweepEveryMs ? { sweepEveryMs } : {}),
    build: async (release) => {
      await mkdir(release.siteDir, { recursive: true });
      await writeFile(path.join(release.siteDir, 'index.html'), '<!doctype html><title>half</title>');
      await build(release.dir);
    },
  });
  closers.push(
    () => publisher.close(),
    () => storage.close(),
  );
  return { storage, publisher };
}

const ids = async (publisher: Publisher) => (await publisher.status()).history.map((e) => e.trigger).toSorted();
const fail = async () => {
  throw new Error('no site in this test'); // the build's result does not matter here
};

describe.skipIf(!postgresBin())('two publishing nodes on one RELEASES_DIR', () => {
  it('the build history keeps both nodes’ builds: neither rewrites it from its memory', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'two-builds-'));
    const [a, b] = [await node(releasesDir, fail), await node(releasesDir, fail)];
    await a.publisher.status();
    await b.publisher.status();
    a.publisher.trigger('save on node A');
    await a.publisher.idle();
    b.publisher.trigger('save on node B');
    await b.publisher.idle();
    a.publisher.trigger('again on node A');
    await a.publisher.idle();
    const all = ['again on node A', 'save on node A', 'save on node B'];
    expect(await ids(a.publisher)).toEqual(all);
    expect(await ids(b.publisher)).toEqual(all);
  });

  it('variant: a node started while the other builds shows that build running, not interrupted', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'two-builds-'));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const a = await node(releasesDir, () => gate.then(fail));
    a.publisher.trigger('long save on node A');
    await expect.poll(async () => (await a.publisher.status()).history[0]?.result).toBe('running');
    const b = await node(releasesDir, fail);
    const seen = (await b.publisher.status()).history[0]!;
    expect([seen.trigger, seen.result, seen.interrupted]).toEqual(['long save on node A', 'running', undefined]);
    open();
    await a.publisher.idle();
    expect((await b.publisher.status()).history[0]).toMatchObject({ result: 'failed', error: 'no site in this test' });
  });

  it('a killed node’s half-built folder is removed by a running node, without a restart', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'two-builds-'));
    const up = await node(releasesDir, fail, 200); // the node that stays up
    await up.publisher.status(); // its start-up recovery done
    // A third node builds, and is killed mid-build: its folder stays, its lock ends with its connection.
    const killed = await openPostgres(url, { poolSize: 2, migrations: featureMigrations });
    // The node up takes the same lock for a moment at each of its sweeps: the third node waits its turn.
    let release: Awaited<ReturnType<typeof killed.tryLock>>;
    await expect.poll(async () => (release ??= await killed.tryLock('publish')) !== undefined).toBe(true);
    const half = releaseOf(releasesDir, '20260101-000000-00001');
    await mkdir(half.siteDir, { recursive: true });
    await writeFile(path.join(half.siteDir, 'index.html'), 'half');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(existsSync(half.dir)).toBe(true); // still being built as far as anyone knows
    await killed.close();
    await expect.poll(() => existsSync(half.dir), { timeout: 5000 }).toBe(false);
  });

  it('variant: the folder a live node is building is never swept by either node’s sweeps', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'two-builds-'));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let building = '';
    const a = await node(releasesDir, async (dir) => ((building = dir), gate.then(fail)), 200);
    await node(releasesDir, fail, 200);
    a.publisher.trigger('long save');
    await expect.poll(() => building, { timeout: 5000 }).not.toBe('');
    await new Promise((resolve) => setTimeout(resolve, 800)); // several sweeps of both nodes
    expect(existsSync(building)).toBe(true);
    open();
    await a.publisher.idle();
  });
});
