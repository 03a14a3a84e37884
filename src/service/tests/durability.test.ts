// Durability: an acknowledged submission survives `kill -9` of the intake service process. The
// service runs as `scripts/serve.ts` in a child process on a temporary DATA_DIR; the CMS is down
// when the submission arrives, the process is killed right after the 200, and after a restart
// (with the CMS back) the row is there and forwarding still delivers it, once.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { openSqlite } from '../storage/sqlite.ts';
import { killHard, startService as start } from './service-process.ts';
import { featureMigrations } from '../intake-storage.ts';

const children: ChildProcess[] = [];
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  while (closers.length) await closers.pop()!();
});

const startService = (env: Record<string, string>) => start(env, children);

describe('intake durability', () => {
  it('an acknowledged submission survives kill -9 and is still forwarded after the restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'durable-'));
    const distDir = await mkdtemp(path.join(os.tmpdir(), 'durable-dist-'));
    // Reserve a CMS port, then take the CMS down: forwarding fails while the service is alive.
    const probe = await startLocalCms({ port: 0, log: () => undefined });
    const cmsPort = probe.port;
    await probe.close();
    const env = { DATA_DIR: dataDir, DIST_DIR: distDir, WEBFORM_URL: `http://127.0.0.1:${cmsPort}/` };

    const first = await startService(env);
    const body = {
      page: '/en/program/home-support-services',
      lang: 'en',
      answer: 'yes',
      comment: 'kept across a crash',
    };
    const response = await fetch(`${first.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { id?: unknown };
    expect(answer.id).toBeTruthy();
    expect(await killHard(first.child)).toBe('SIGKILL');

    // On disk after the crash, still waiting in the outbox.
    const storage = openSqlite(dataDir, { migrations: featureMigrations });
    expect((await storage.submissions.list('feedback')).map((s) => s.data)).toEqual([
      expect.objectContaining({ comment: 'kept across a crash' }),
    ]);
    const pending = storage.db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL').get() as
      { n: number } | undefined;
    await storage.close();
    expect(Number(pending?.n)).toBe(1);

    // The CMS comes back on the same port, the service restarts on the same DATA_DIR.
    const cms = await startLocalCms({ port: cmsPort, log: () => undefined });
    closers.push(cms.close);
    const second = await startService(env);
    // The outbox says the row is delivered (so it is never sent again); then the service stops, so
    // what the CMS holds is final: one submission, not a second one sent by a retry.
    await vi.waitFor(
      () => {
        const outbox = openSqlite(dataDir, { migrations: featureMigrations });
        const left = outbox.db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL').get() as {
          n: number;
        };
        void outbox.close();
        expect(Number(left.n)).toBe(0);
      },
      { timeout: 30_000, interval: 100 },
    );
    await new Promise((resolve) => {
      second.child.once('exit', resolve);
      second.child.kill('SIGTERM');
    });
    expect(cms.webform.submissions).toEqual([
      expect.objectContaining({ comment: 'kept across a crash', answer: 'yes' }),
    ]);
    const after = openSqlite(dataDir, { migrations: featureMigrations });
    expect(await after.submissions.count('feedback')).toBe(1);
    await after.close();
  }, 90_000);
});
