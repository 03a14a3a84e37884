// GET /metrics over real HTTP: refused without the token, with a wrong one and with the right one
// in the query string; in Prometheus text format with the token; requests counted per route
// pattern (2,000 random paths, 500 of each kind, add no series); the outbox, uploads in progress and the disk
// space as the service sees them.
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerOptions } from '../start.ts';
import { createUpload } from '../../features/chb-registration/tests/support.ts';

const TOKEN = 'metrics-token-0123456789';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function service(options: Partial<ServerOptions> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hmet-data-'));
  const server = await startServer({
    port: 0,
    site: { distDir: dataDir },
    dataDir,
    log: () => undefined,
    metricsToken: TOKEN,
    ...options,
    limits: { rateLimitPerMinute: 1000, ...options.limits },
  });
  closers.push(server.close);
  const metrics = (init: RequestInit = {}, query = '') => fetch(`${server.url}/metrics${query}`, init);
  const scrape = async () => {
    const response = await metrics({ headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return parse(await response.text());
  };
  return { server, metrics, scrape };
}

/** A bucket's `le` label last, where the series below name it (prom-client writes it first). */
const leLast = (series: string) => series.replace(/\{(le="[^"]*"),(.*)\}$/, '{$2,$1}');

/** The exposition as series -> value (`name{labels}`), with the lines that are not comments. */
function parse(text: string) {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(leLast(line.slice(0, at)), Number(line.slice(at + 1)));
  }
  return series;
}

/** A port with nothing listening: forwarding there fails at once. */
async function deadPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

const feedback = (url: string) =>
  fetch(`${url}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: '/en/home', lang: 'en', answer: 'yes' }),
  });

describe('/metrics access', () => {
  it('refuses no token, a wrong token and the right token in the query string', async () => {
    const { metrics } = await service();
    const none = await metrics();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await metrics({ headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    expect((await metrics({ headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
    const query = await metrics({}, `?token=${TOKEN}`);
    expect(query.status).toBe(401);
    expect(await query.text()).not.toContain('intake_');
    // Even with the right header, a token in the query string is refused (it would sit in access logs).
    const both = await metrics({ headers: { authorization: `Bearer ${TOKEN}` } }, `?token=${TOKEN}`);
    expect(both.status).toBe(401);
    const ok = await metrics({ headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await ok.text()).toMatch(/^# HELP intake_http_requests_total /m);
  });

  it('locks out an address that guesses, as the status detail does, and is off without any token', async () => {
    const { metrics } = await service();
    for (let i = 0; i < 10; i++)
      expect((await metrics({ headers: { authorization: `Bearer guess-${i}-0123456789abc` } })).status).toBe(401);
    const locked = await metrics({ headers: { authorization: `Bearer ${TOKEN}` } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    const off = await service({ metricsToken: undefined });
    expect((await off.metrics({ headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('opens with the editor token or the webhook secret too', async () => {
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'hmet-rel-'));
    const editorToken = 'editor-token-0123456789';
    const webhookSecret = 'webhook-secret-0123456789';
    const { metrics } = await service({
      metricsToken: undefined,
      publishing: { webhookSecret, editorToken, releasesDir },
    });
    for (const token of [editorToken, webhookSecret]) {
      const response = await metrics({ headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      const series = parse(await response.text());
      expect(series.get('intake_publish_building')).toBe(0);
      expect(series.get('intake_disk_free_bytes{folder="releases"}')).toBeGreaterThan(0);
    }
  });
});

describe('/metrics content', () => {
  it('counts requests per route pattern: 2,000 random paths add no series', async () => {
    const { server, scrape } = await service();
    expect((await feedback(server.url)).status).toBe(200);
    const before = await scrape();
    expect(before.get('intake_http_requests_total{route="/api/feedback",method="POST",status="200"}')).toBe(1);
    expect(before.get('intake_http_request_duration_seconds_count{route="/api/feedback",method="POST"}')).toBe(1);
    expect(
      before.get('intake_http_request_duration_seconds_bucket{route="/api/feedback",method="POST",le="+Inf"}'),
    ).toBe(1);

    const random = () => Math.random().toString(36).slice(2);
    const paths = (i: number) =>
      [`/${random()}/${random()}`, `/api/${random()}`, `/api/uploads/${random()}`, `/hooks/${random()}`][i % 4]!;
    for (let batch = 0; batch < 2_000; batch += 100)
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(`${server.url}${paths(batch + i)}?q=${random()}`, { method: i % 3 ? 'GET' : 'POST' }).then((r) =>
            r.arrayBuffer(),
          ),
        ),
      );
    const after = await scrape();
    const requestSeries = (s: Map<string, number>) =>
      [...s.keys()].filter((k) => k.startsWith('intake_http_requests_total')).length;
    // Each (route pattern, method, status): a handful, whatever the paths were.
    expect(requestSeries(after)).toBeLessThan(20);
    expect([...after.keys()].length - [...before.keys()].length).toBeLessThan(150);
    const total = [...after.entries()]
      .filter(([k]) => k.startsWith('intake_http_requests_total'))
      .reduce((sum, [, v]) => sum + v, 0);
    expect(total).toBeGreaterThanOrEqual(2_002);
    // Route labels are the code's patterns, never a path that was asked for.
    const routes = new Set([...after.keys()].map((k) => /route="([^"]*)"/.exec(k)?.[1]).filter(Boolean));
    expect([...routes].sort()).toEqual(['/*', '/api/*', '/api/feedback', '/api/uploads/*', '/metrics']);
  }, 90_000);

  it('reports the outbox, the uploads in progress and the disk space', async () => {
    const port = await deadPort();
    const forwarding = { webformUrl: `http://127.0.0.1:${port}`, retryMs: 60_000 };
    const pending = await service({ forwarding: { ...forwarding, maxAttempts: 5 } });
    expect((await feedback(pending.server.url)).status).toBe(200);
    const created = await createUpload(pending.server.url, { filename: 'a.pdf', group: 'rental' }, 5000);
    expect(created.response.status).toBe(201);
    const health = async (url: string) =>
      ((await (await fetch(`${url}/api/health`)).json()) as { outbox: { pending: number; failed: number } }).outbox;
    await expect.poll(() => health(pending.server.url)).toEqual({ pending: 1, failed: 0 });
    const seen = await pending.scrape();
    expect(seen.get('intake_outbox_items{state="pending"}')).toBe(1);
    expect(seen.get('intake_outbox_items{state="failed"}')).toBe(0);
    expect(seen.get('intake_uploads_in_progress')).toBe(1);
    for (const folder of ['data', 'uploads']) {
      expect(seen.get(`intake_disk_free_bytes{folder="${folder}"}`)).toBeGreaterThan(0);
      expect(seen.get(`intake_disk_size_bytes{folder="${folder}"}`)).toBeGreaterThan(0);
    }

    const failing = await service({ forwarding: { ...forwarding, maxAttempts: 1 } });
    expect((await feedback(failing.server.url)).status).toBe(200);
    await expect.poll(() => health(failing.server.url)).toEqual({ pending: 0, failed: 1 });
    expect((await failing.scrape()).get('intake_outbox_items{state="failed"}')).toBe(1);
  });
});
