// Item 7, a hostile or broken CMS, at the JSON:API client: a collection whose next links never end,
// an answer of 64 MB (streamed, and one that declares its size), a build's requests without end.
// Each stops at its bound with a message naming the setting, without reading a large answer whole.
// The publisher side (the build is killed at its time-out, the next publish works) is in
// src/release/tests/hostile-cms-publish.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../scripts/local-cms/server.ts';
import { createJsonApiClient } from '../../src/content/jsonapi-client.ts';

type Cms = Awaited<ReturnType<typeof startLocalCms>>;
const started: Cms[] = [];
const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});
async function cms(faults: string): Promise<string> {
  const server = await startLocalCms({ port: 0, faults, log: () => undefined });
  started.push(server);
  return server.url;
}

/** fetch, counting the bytes of answers the client actually read. */
function countingFetch() {
  const read = { bytes: 0, requests: 0 };
  const counted: typeof fetch = async (input, init) => {
    read.requests++;
    const response = await fetch(input, init);
    if (!response.body) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          read.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { read, fetch: counted };
}

describe('a hostile CMS at the JSON:API client', () => {
  it('stops a collection whose next links never end at CMS_MAX_PAGES (default 1,000 pages)', async () => {
    const base = await cms('endless=/jsonapi/node/page');
    const { read, fetch } = countingFetch();
    const client = createJsonApiClient({ baseUrl: base, fetch, retries: 0 });
    await expect(client.fetchAll('en', 'node/page')).rejects.toThrow(
      /more than 1000 pages of node\/page.*CMS_MAX_PAGES/,
    );
    expect(read.requests).toBe(1000);
  }, 60_000);

  it('variant: French, and a build whose requests add up stops at CMS_MAX_REQUESTS', async () => {
    const base = await cms('endless=/jsonapi/node/program');
    const client = createJsonApiClient({ baseUrl: base, retries: 0, maxRequests: 25, maxPages: 20 });
    await expect(client.fetchAll('fr', 'node/program')).rejects.toThrow(/more than 20 pages/);
    await expect(client.fetchAll('en', 'node/program')).rejects.toThrow(/made 25 requests.*CMS_MAX_REQUESTS/);
    // Every later request of this build is refused at once.
    await expect(client.fetchAll('en', 'node/page')).rejects.toThrow(/CMS_MAX_REQUESTS/);
  }, 30_000);

  it('refuses a 64 MB answer while it streams in, having read no more than the bound', async () => {
    const base = await cms('huge=/jsonapi/node/page');
    const { read, fetch } = countingFetch();
    const client = createJsonApiClient({ baseUrl: base, fetch, retries: 0, maxResponseBytes: 4 * 1024 * 1024 });
    await expect(client.fetchAll('en', 'node/page')).rejects.toThrow(/more than 4194304 bytes.*CMS_MAX_RESPONSE_MB/);
    expect(read.bytes).toBeLessThan(5 * 1024 * 1024);
    // The default bound (32 MB) refuses it too.
    const plain = createJsonApiClient({ baseUrl: base, retries: 0 });
    await expect(plain.fetchAll('fr', 'node/page')).rejects.toThrow(/CMS_MAX_RESPONSE_MB/);
  }, 60_000);

  it('variant: an answer that declares 50 MB is refused before any of it is read', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': String(50 * 1024 * 1024) });
      res.write('{"data":[');
      // …and the rest never comes: a reader that waited for it would hang.
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { read, fetch } = countingFetch();
    const client = createJsonApiClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      fetch,
      retries: 0,
    });
    await expect(client.fetchAll('en', 'node/page')).rejects.toThrow(/Content-Length 52428800.*CMS_MAX_RESPONSE_MB/);
    expect(read.bytes).toBe(0);
  });

  it('gives up on a CMS that never answers after its time-out, naming it', async () => {
    const base = await cms('hang=/jsonapi/node/page');
    const client = createJsonApiClient({ baseUrl: base, retries: 1, retryDelayMs: 10, timeoutMs: 300 });
    const started = Date.now();
    await expect(client.fetchAll('en', 'node/page')).rejects.toThrow(
      /could not be reached after 2 attempts: no answer within 300 ms \(CMS_TIMEOUT_SECONDS\)/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
