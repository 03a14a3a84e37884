// Intake figures per deployment for `npm run bench`: feedback submissions per second and p95
// latency on SQLite (one node), PostgreSQL with one node, and PostgreSQL with two nodes (the load
// generator sends to each node in turn, as a load balancer would). PostgreSQL runs on a
// throw-away cluster with its default durability (fsync on, as in production); every
// acknowledged submission is counted in the database afterwards (lost must be 0).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../src/service/storage/tests/postgres-cluster.ts';
import { measureLoad, percentile, round, startService } from './intake.ts';
import { openIntakeStorage } from '../../src/service/intake-storage.ts';

async function measure(
  setup: string,
  nodes: number,
  databaseUrl: string | undefined,
  clients: number,
  requests: number,
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-nodes-'));
  const services = [];
  try {
    for (let i = 0; i < nodes; i++) services.push(await startService(dataDir, databaseUrl));
    const load = await measureLoad(
      services.map((s) => s.url),
      clients,
      requests,
    );
    for (const s of services) await s.stop();
    const storage = await openIntakeStorage({ dataDir, databaseUrl });
    const rows = (await storage.submissions.count('feedback')) - 20;
    await storage.close();
    return {
      setup,
      perSecond: Math.round(requests / load.seconds),
      p95Ms: round(percentile(load.latencies, 95)),
      acknowledged: load.acknowledged,
      lost: load.acknowledged - rows,
    };
  } finally {
    for (const s of services) await s.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchIntakeNodes(options: { clients?: number; requests?: number } = {}) {
  const clients = options.clients ?? 20;
  const requests = options.requests ?? 2000;
  const cluster = await startPostgres({ durable: true });
  try {
    return [
      await measure('SQLite, one node', 1, undefined, clients, requests),
      await measure('PostgreSQL, one node', 1, await cluster.database('bench_one'), clients, requests),
      await measure('PostgreSQL, two nodes', 2, await cluster.database('bench_two'), clients, requests),
    ];
  } finally {
    await cluster.stop();
  }
}

if (import.meta.main) console.table(await benchIntakeNodes());
