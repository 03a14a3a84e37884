// Item 3: a signed webhook delivery is accepted once; the public status says what a badge needs,
// the build output only to a caller with the webhook secret or EDITOR_TOKEN. Item 2 (webhook
// side): an oversized body is refused from its declared length, before it is read.
import net from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, signedWebhookHeaders } from '../../src/service/publishing/webhook-signature.ts';
import { isEditor } from '../../src/service/publishing/editor-auth.ts';
import { createHooksApp } from '../../src/service/publishing/hooks-app.ts';
import type { Publisher } from '../../src/release/publisher/publisher.ts';
import { sharedDeliveries } from '../../src/service/publishing/deliveries.ts';
import { openSqlite } from '../../src/service/storage/sqlite.ts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { featureMigrations } from '../../src/service/intake-storage.ts';

const secret = 'webhook-secret-of-good-length';
const editorToken = 'editor-token-of-good-length';
const triggers: string[] = [];
// The hooks endpoint is under test; the publisher behind it only records triggers and reports a failed build.
const publisher = {
  trigger: (summary: string) => (triggers.push(summary), { queued: false }),
  status: async () => ({
    currentRelease: '20261123-101010',
    releases: [],
    building: false,
    queued: 0,
    buildsSinceStart: 1,
    lastBuild: {
      id: 'b1',
      trigger: 'x',
      startedAt: '',
      finishedAt: '',
      durationMs: 1,
      result: 'failed',
      error: 'Error: /srv/internal/path CMS_URL=https://cms.internal token=abc',
      pages: null,
      publishCommand: null,
    },
  }),
} as unknown as Publisher;
let url = '';
let close: () => void;

beforeAll(async () => {
  const app = createHooksApp({ publisher, secret, editorToken });
  await new Promise<void>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      url = `http://127.0.0.1:${info.port}`;
      resolve();
    });
    close = () => server.close();
  });
});
afterAll(() => close());

const deliver = (body: string, timestamp: number, signature = signWebhook(secret, body, timestamp)) =>
  fetch(`${url}/cms`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signature,
    },
  });

describe('webhook replay', () => {
  it('accepts a signed delivery once and refuses the same delivery again within the window', async () => {
    const body = JSON.stringify({ event: 'update', bundle: 'program', id: 'p1' });
    const ts = Math.floor(Date.now() / 1000);
    expect((await deliver(body, ts)).status).toBe(202);
    const again = await deliver(body, ts);
    expect(again.status).toBe(409);
    expect(triggers.filter((t) => t.includes('p1'))).toHaveLength(1);
  });

  it('refuses the replay whatever its spelling: signature header in upper case hex is not a new delivery, another body is', async () => {
    const body = JSON.stringify({ event: 'update', bundle: 'page', id: 'p2' });
    const ts = Math.floor(Date.now() / 1000);
    const signature = signWebhook(secret, body, ts);
    expect((await deliver(body, ts, signature)).status).toBe(202);
    // Upper-case hex fails the (exact) signature check: still not a second build.
    expect([401, 409]).toContain(
      (await deliver(body, ts, signature.toUpperCase().replace('SHA256=', 'sha256='))).status,
    );
    expect(triggers.filter((t) => t.includes('p2'))).toHaveLength(1);
    // A genuinely new delivery (another timestamp) is accepted.
    expect((await deliver(body, ts - 1)).status).toBe(202);
  });
});

describe('webhook replay after a restart (SQLite, one node)', () => {
  /** The hooks of a service started on `dataDir`, as start.ts mounts them; its stop. */
  async function node(dataDir: string) {
    const storage = openSqlite(dataDir, { migrations: featureMigrations });
    const app = createHooksApp({ publisher, secret, firstDelivery: sharedDeliveries(storage) });
    const base = await new Promise<{ url: string; stop: () => void }>((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, stop: () => server.close() }),
      );
    });
    return { url: base.url, stop: async () => (base.stop(), await storage.close()) };
  }
  const post = (base: string, body: string, ts: number) =>
    fetch(`${base}/cms`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...signedWebhookHeaders(secret, body, ts) },
    });

  it('refuses a delivery replayed after the service restarted (the deliveries are in the database)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webhook-replay-'));
    const body = JSON.stringify({ event: 'update', bundle: 'program', id: 'restart1' });
    const ts = Math.floor(Date.now() / 1000);
    const first = await node(dataDir);
    expect((await post(first.url, body, ts)).status).toBe(202);
    await first.stop();
    const restarted = await node(dataDir);
    try {
      expect((await post(restarted.url, body, ts)).status).toBe(409);
      // variant: a new delivery (another timestamp) after the restart is accepted once
      expect((await post(restarted.url, body, ts - 2)).status).toBe(202);
      expect((await post(restarted.url, body, ts - 2)).status).toBe(409);
      expect(triggers.filter((t) => t.includes('restart1'))).toHaveLength(2);
    } finally {
      await restarted.stop();
    }
  });
});

describe('webhook body limit', () => {
  it('answers 413 to a declared 100 MB body at once, having read 1 KB of it, and closes the connection', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(url).port), '127.0.0.1', () => {
        socket.write(
          `POST /cms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n${'x'.repeat(1024)}`,
        );
      });
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(), 5000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('counts a chunked body without a length and stops at the limit', async () => {
    const big = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 64; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(1024)));
        controller.close();
      },
    });
    const response = await fetch(`${url}/cms`, {
      method: 'POST',
      body: big,
      duplex: 'half',
      headers: { 'x-webhook-timestamp': '1', 'x-webhook-signature': 'sha256=00' },
    } as RequestInit);
    expect(response.status).toBe(413);
  });
});

describe('build status', () => {
  it('shows the public only whether a release is live, building, the last result and the count of pages owed in the other language (not the release folder)', async () => {
    const response = await fetch(`${url}/cms/status`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ live: true, building: false, queued: 0, lastResult: 'failed', officialLanguagesOwed: null });
    expect(JSON.stringify(body)).not.toContain('20261123-101010');
    expect(JSON.stringify(body)).not.toContain('cms.internal');
  });

  it('shows the build output with the webhook secret or EDITOR_TOKEN as Bearer, not with a wrong or partial token', async () => {
    for (const token of [secret, editorToken]) {
      const body = (await (
        await fetch(`${url}/cms/status`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { lastBuild: { error: string } };
      expect(body.lastBuild.error).toContain('cms.internal');
    }
    for (const header of [`Bearer ${secret.slice(0, -1)}`, `Basic ${secret}`, `Bearer ${editorToken}x`, 'Bearer ']) {
      const text = await (await fetch(`${url}/cms/status`, { headers: { authorization: header } })).text();
      expect(text, header).not.toContain('cms.internal');
    }
    expect(isEditor(new Headers({ authorization: `bearer ${editorToken}` }), { secret, editorToken })).toBe(true);
    expect(
      isEditor(new Headers({ authorization: `Bearer ${editorToken}` }), { secret: undefined, editorToken: undefined }),
    ).toBe(false);
  });
});
