// Item 2 on the intake API: bodies limited before they are read, on every route, and a body that
// trickles in is cut off by the request timeout.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/service/start.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-limits-'));
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    site: { distDir: path.join(dir, 'none') },
    dataDir: path.join(dir, 'data'),
    log: () => undefined,
    limits: { timeouts: { requestTimeoutMs: 1500, headersTimeoutMs: 1500 } },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends `head` and `body` on a raw socket and returns what the server said before closing. */
function rawExchange(head: string, body: string, waitMs = 6000): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(head + body));
    let text = '';
    socket.on('data', (c) => (text += c.toString()));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), waitMs);
  });
}

describe('request bodies', () => {
  it('refuses a declared 100 MB feedback body at once (413), without waiting for it', async () => {
    const { text, ms } = await rawExchange(
      `POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`,
      '{"a":"'.padEnd(1024, 'a'),
    );
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(ms).toBeLessThan(1500);
  });

  it('limits the other routes too: applications from their declared length, corrections when chunked', async () => {
    const applications = await rawExchange(
      `POST /api/applications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      '{',
    );
    expect(applications.text).toMatch(/^HTTP\/1\.1 413/);
    const chunk = 'a'.repeat(8 * 1024);
    const corrections = await rawExchange(
      `POST /api/corrections HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      `${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(4) + '0\r\n\r\n',
    );
    expect(corrections.text).toMatch(/^HTTP\/1\.1 413/);
  });

  it('cuts off a body that never finishes arriving (request timeout), on any route', async () => {
    for (const route of ['/api/feedback', '/api/uploads']) {
      const { text, ms } = await rawExchange(
        `POST ${route} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
        '{"x":',
        8000,
      );
      expect(text, route).toMatch(/^HTTP\/1\.1 408/);
      expect(ms, route).toBeLessThan(5000);
    }
  });
});
