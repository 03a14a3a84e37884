// Intake figures for `npm run bench`: feedback submissions per second and latency percentiles with
// concurrent clients against the SQLite default (zero loss checked by the row count after the
// service stopped), and the throughput of a 7 MB upload through the tus endpoint.
// The service runs in its own process (this file with `--serve`), so the load generator does not
// share its event loop. Per-client rate limits are lifted for the measurement.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../../src/service/storage/sqlite.ts';
import { startServer } from '../../src/service/start.ts';
import { featureMigrations } from '../../src/service/intake-storage.ts';

const MB = 1024 * 1024;

if (process.argv.includes('--serve')) {
  const server = await startServer({
    port: 0,
    site: { distDir: path.join(process.env.DATA_DIR!, 'no-site') },
    dataDir: process.env.DATA_DIR!,
    databaseUrl: process.env.DATABASE_URL,
    limits: { rateLimitPerMinute: 1e9, uploadsPerMinute: 1e9 },
    log: () => undefined,
  });
  console.log(`ready ${server.url}`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function startService(dataDir: string, databaseUrl?: string) {
  const child = spawn(process.execPath, [import.meta.filename, '--serve'], {
    env: { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`intake service exited (${code}): ${out}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/** 7 MB through tus: creation, then the whole body in 1 MB PATCHes (three runs, the median). */
async function measureUpload(base: string) {
  const size = 7 * MB;
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': `filename ${btoa('bench.pdf')},group ${btoa('rental')}`,
      },
    });
    if (created.status !== 201) throw new Error(`tus creation answered ${created.status}`);
    const location = new URL(created.headers.get('location')!, base).href;
    for (let offset = 0; offset < size; offset += MB) {
      const response = await fetch(location, {
        method: 'PATCH',
        body: bytes.subarray(offset, offset + MB),
        headers: {
          'tus-resumable': '1.0.0',
          'upload-token': created.headers.get('upload-token') ?? '',
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
      });
      if (response.status !== 204) throw new Error(`tus PATCH at ${offset} answered ${response.status}`);
    }
    runs.push((performance.now() - t) / 1000);
  }
  runs.sort((a, b) => a - b);
  return { seconds: round(runs[1]!, 2), megabytesPerSecond: round(7 / runs[1]!) };
}

/** Feedback posts from `clients` concurrent clients, `requests` in all, spread over `urls` in turn. */
export async function measureLoad(urls: string[], clients: number, requests: number) {
  const post = (n: number) =>
    fetch(`${urls[Math.abs(n) % urls.length]}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page: '/en/program/home-support-services',
        lang: n % 2 ? 'fr' : 'en',
        answer: n % 3 ? 'yes' : 'no',
        comment: `bench ${n}`,
      }),
    });
  for (let i = 0; i < 20; i++) await (await post(-1 - i)).text(); // warm-up
  const latencies: number[] = [];
  let acknowledged = 0;
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        const n = next++;
        const t = performance.now();
        const response = await post(n);
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
        if (response.status === 200) acknowledged++;
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  return { acknowledged, failed, seconds, latencies };
}

export async function benchIntake(options: { clients?: number; requests?: number } = {}) {
  const clients = options.clients ?? 20;
  const requests = options.requests ?? Number(process.env.BENCH_INTAKE_REQUESTS ?? 2000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-intake-'));
  const service = await startService(dataDir);
  try {
    const { acknowledged, failed, seconds, latencies } = await measureLoad([service.url], clients, requests);
    const upload = await measureUpload(service.url);
    await service.stop();

    // Zero loss: every acknowledged submission is a row once the service has stopped.
    const storage = openSqlite(dataDir, { migrations: featureMigrations });
    const rows = (await storage.submissions.count('feedback')) - 20;
    await storage.close();
    return {
      clients,
      requests,
      acknowledged,
      failed,
      rowsStored: rows,
      lost: acknowledged - rows,
      perSecond: Math.round(requests / seconds),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1)!),
      },
      upload7MB: upload,
    };
  } finally {
    await service.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main && !process.argv.includes('--serve')) console.log(JSON.stringify(await benchIntake(), null, 2));
