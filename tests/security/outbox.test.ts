// Items 5 and 6: a submission whose CMS answer was lost is not duplicated (stable key, the CMS's
// unique element refuses the copy, and that refusal counts as delivered); one failing item does
// not hold up the others, attempts are capped, and `npm run outbox` lists, retries and discards.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../scripts/local-cms/server.ts';
import { startServer, type ServerOptions } from '../../src/service/start.ts';
import { storedApplication, validApplication } from '../../src/features/chb-registration/tests/support.ts';
import { cmsProxy, json, raw, waitFor } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function setup(decide: Parameters<typeof cmsProxy>[1], options: Partial<ServerOptions> = {}) {
  const cms = await startLocalCms({ port: 0 });
  closers.push(cms.close);
  const proxy = await cmsProxy(cms.url, decide);
  closers.push(proxy.close);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sec-outbox-'));
  closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const logs: string[] = [];
  const server = await startServer({
    port: 0,
    site: { distDir: path.join(dataDir, 'none') },
    dataDir,
    log: (l) => logs.push(l),
    ...options,
    forwarding: { webformUrl: proxy.url, retryMs: 30, ...options.forwarding },
  });
  closers.push(server.close);
  const health = async () =>
    (JSON.parse((await raw(server.url, '/api/health')).text) as { outbox: { pending: number; failed: number } }).outbox;
  return { cms, server, dataDir, logs, health };
}
const feedback = (comment: string) => ({ page: '/en/home', lang: 'en', answer: 'no', comment });
const outboxCli = (dataDir: string, ...args: string[]) =>
  spawnSync(path.join(root, 'node_modules/.bin/node'), ['scripts/outbox.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });

describe('lost CMS answers (item 5)', () => {
  it('a feedback whose answer was lost reaches the CMS once, and is then delivered', async () => {
    let lost = 0;
    const { cms, server, health } = await setup((p) =>
      p.startsWith('/webform_rest/submit') && lost++ === 0 ? 'lose-answer' : 'pass',
    );
    expect((await raw(server.url, '/api/feedback', json(feedback('answer lost')))).status).toBe(200);
    await waitFor(async () => (await health()).pending === 0);
    expect(cms.webform.submissions).toHaveLength(1);
    expect(cms.webform.submissions[0]!.submission_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await health()).toEqual({ pending: 0, failed: 0 });
  });

  it('an application whose answer was lost is not filed twice either (application number as the unique key)', async () => {
    let lost = 0;
    const { cms, server, health } = await setup((p) =>
      p.startsWith('/webform_rest/submit') && lost++ === 0 ? 'lose-answer' : 'pass',
    );
    const created = await raw(server.url, '/api/applications', json(validApplication([])));
    expect(created.status).toBe(201);
    await waitFor(async () => (await health()).pending === 0);
    expect(cms.webform.submissions.filter((s) => s.webform_id === 'chb_registration')).toHaveLength(1);
    expect(
      (await storedApplication(server.storage, JSON.parse(created.text).applicationNumber))!.deliveredAt,
    ).toBeTruthy();
    // The local CMS answers a second copy as Drupal Webform does for a unique element.
    const again = await fetch(new URL('/webform_rest/submit?_format=json', cms.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cms.webform.submissions[0]),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: Record<string, string> }).error.application_number).toContain(
      'has already been submitted once',
    );
  });
});

describe('outbox scheduling (item 6)', () => {
  it('a failing item does not hold up the ones after it, and is marked failed after its attempts', async () => {
    const { cms, server, health, dataDir } = await setup((_p, body) => (body.includes('POISON') ? 'fail' : 'pass'), {
      forwarding: { maxAttempts: 3 },
    });
    await raw(server.url, '/api/feedback', json(feedback('POISON first')));
    for (const n of [1, 2, 3]) await raw(server.url, '/api/feedback', json(feedback(`fine ${n}`)));
    await waitFor(() => cms.webform.submissions.length === 3);
    expect(cms.webform.submissions.map((s) => s.comment)).toEqual(['fine 1', 'fine 2', 'fine 3']);
    await waitFor(async () => (await health()).failed === 1);
    expect(await health()).toEqual({ pending: 0, failed: 1 });
    const list = outboxCli(dataDir);
    expect(list.stdout).toContain('0 pending, 1 failed');
    expect(list.stdout).toMatch(/submission:1 {2}feedback .*attempts 3 {2}FAILED: gave up after 3 attempts: HTTP 503/);
  });

  it('npm run outbox retries and discards failed items, also applications, and the service picks retried ones up', async () => {
    let cmsDown = true;
    const { cms, server, health, dataDir } = await setup(() => (cmsDown ? 'fail' : 'pass'), {
      forwarding: { maxAttempts: 2, pollMs: 200 },
    });
    const created = await raw(server.url, '/api/applications', json(validApplication([])));
    const number = JSON.parse(created.text).applicationNumber as string;
    await raw(server.url, '/api/feedback', json(feedback('will be discarded')));
    await waitFor(async () => (await health()).failed === 2);
    cmsDown = false;
    expect(outboxCli(dataDir, 'discard', 'submission:1').stdout).toContain('discarded');
    expect(outboxCli(dataDir, 'discard', 'submission:1').status).toBe(1);
    expect(outboxCli(dataDir, 'retry', `application:${number}`).stdout).toContain('back in line');
    expect(await server.storage.outbox.retry('none:1')).toBe(false);
    // The running service notices the retried item by itself (it polls its outboxes).
    await waitFor(
      async () =>
        (await health()).pending === 0 && cms.webform.submissions.some((s) => s.application_number === number),
    );
    expect(cms.webform.submissions.map((s) => s.comment)).not.toContain('will be discarded');
    expect(await health()).toEqual({ pending: 0, failed: 0 });
    expect(await server.storage.submissions.count('feedback')).toBe(1);
  });
});
