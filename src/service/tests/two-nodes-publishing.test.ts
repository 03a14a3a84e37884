// Publishing with two intake nodes on one PostgreSQL: a webhook delivery repeated to the other
// node is refused (it publishes once), and only one node builds at a time (the database lock),
// into the one shared RELEASES_DIR.
import { serve } from '@hono/node-server';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublisher } from '../../release/publisher/publisher.ts';
import type { Publisher } from '../../release/publisher/publisher.ts';
import { sharedBuildLock, sharedDeliveries } from '../publishing/deliveries.ts';
import { createHooksApp } from '../publishing/hooks-app.ts';
import { signedWebhookHeaders } from '../publishing/webhook-signature.ts';
import { openPostgres } from '../storage/postgres.ts';
import type { Storage } from '../storage/types.ts';
import { postgresBin, startPostgres, type PostgresCluster } from '../storage/tests/postgres-cluster.ts';
import { featureMigrations } from '../intake-storage.ts';

const secret = 'webhook-secret-of-good-length';
let cluster: PostgresCluster;
const nodes: Storage[] = [];
const closers: Array<() => unknown> = [];
beforeAll(async () => {
  if (!postgresBin()) return;
  cluster = await startPostgres();
  const url = await cluster.database();
  nodes.push(
    await openPostgres(url, { poolSize: 3, migrations: featureMigrations }),
    await openPostgres(url, { poolSize: 3, migrations: featureMigrations }),
  );
});
afterAll(async () => {
  for (const close of closers) await close();
  for (const node of nodes) await node.close();
  await cluster?.stop();
});

/** The hooks of one node on a loopback port, its publisher recording what it was asked. */
async function hooksNode(storage: Storage, triggers: string[]) {
  const publisher = { trigger: (summary: string) => (triggers.push(summary), { queued: false }) };
  const app = createHooksApp({
    publisher: publisher as unknown as Publisher,
    secret,
    firstDelivery: sharedDeliveries(storage),
  });
  return new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
    closers.push(() => server.close());
  });
}

describe.skipIf(!postgresBin())('publishing with two nodes on one PostgreSQL', () => {
  it('publishes a webhook delivered to both nodes once', async () => {
    const triggers: string[] = [];
    const urls = [await hooksNode(nodes[0]!, triggers), await hooksNode(nodes[1]!, triggers)];
    const body = JSON.stringify({ event: 'update', bundle: 'program', id: '12', langcode: 'en' });
    const timestamp = Math.floor(Date.now() / 1000);
    const deliver = (url: string) =>
      fetch(`${url}/cms`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          ...signedWebhookHeaders(secret, body, timestamp),
        },
      });
    const answers = await Promise.all([deliver(urls[0]!), deliver(urls[1]!)]);
    expect(answers.map((r) => r.status).toSorted()).toEqual([202, 409]);
    expect(triggers).toEqual(['update program 12 en']);
  });

  it('builds on one node at a time, the other waiting for the lock', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'two-nodes-releases-'));
    const builds: Array<{ node: number; started: number; ended?: number }> = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const publishers = nodes.map((storage, node) =>
      createPublisher({
        root: process.cwd(),
        releasesDir,
        cacheDir: path.join(releasesDir, '.cache'),
        buildLock: sharedBuildLock(storage),
        log: () => undefined,
        build: async () => {
          const build: { node: number; started: number; ended?: number } = { node, started: performance.now() };
          builds.push(build);
          await gate;
          build.ended = performance.now();
          throw new Error('no site in this test'); // the build's result does not matter here
        },
      }),
    );
    closers.push(() => publishers.forEach((p) => p.close()));
    publishers.forEach((p, i) => p.trigger(`save on node ${i}`));
    await expect.poll(() => builds.length).toBe(1);
    // The building node holds the lock: the other node (nor anyone) can take it.
    expect(await nodes[0]!.tryLock('publish')).toBeUndefined();
    expect(await nodes[1]!.tryLock('publish')).toBeUndefined();
    open();
    await Promise.all(publishers.map((p) => p.idle()));
    expect(builds.map((b) => b.node).toSorted()).toEqual([0, 1]);
    expect(builds[1]!.started).toBeGreaterThanOrEqual(builds[0]!.ended!);
  });

  // Last: it restarts the cluster under both nodes.
  it('a build whose lock goes with its connection (PostgreSQL restarted) ends as failed, and the next build runs', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'two-nodes-releases-'));
    const signals: AbortSignal[] = [];
    let started!: () => void;
    const building = new Promise<void>((resolve) => (started = resolve));
    const publisher = createPublisher({
      root: process.cwd(),
      releasesDir,
      cacheDir: path.join(releasesDir, '.cache'),
      buildLock: sharedBuildLock(nodes[0]!),
      log: () => undefined,
      build: async (_release, _live, signal) => {
        signals.push(signal);
        started();
        if (signals.length === 1) await new Promise((resolve) => signal.addEventListener('abort', resolve));
        throw new Error('no site in this test');
      },
    });
    closers.push(() => publisher.close());
    publisher.trigger('save before the restart');
    await building;
    await cluster.restart();
    await publisher.idle();
    expect(signals[0]!.aborted).toBe(true);
    expect((await publisher.status()).lastBuild).toMatchObject({
      result: 'failed',
      error: expect.stringMatching(/lock was lost/),
    });
    // PostgreSQL released the lock with the connection: the next save takes it and builds.
    publisher.trigger('save after the restart');
    await publisher.idle();
    expect(signals).toHaveLength(2);
    expect((await publisher.status()).lastBuild).toMatchObject({ error: 'no site in this test' });
  });
});
