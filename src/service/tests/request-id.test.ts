// X-Request-Id over real HTTP: kept from a trusted proxy only when it has nginx's strict shape;
// anything else (a JSON fragment, a newline, 8 KB, any id from a client that is not a trusted
// proxy) is never echoed nor written to the log: a fresh id takes its place. Every log line stays
// one JSON object with the service's own fields.
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerOptions } from '../start.ts';
import { serveNginx } from '../../../tests/security/nginx-run.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NGINX_ID = '5f3c2a9be1d04c7f8a6b0e2d4c1f9a37';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function service(options: Partial<ServerOptions> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hrid-data-'));
  const logs: string[] = [];
  const server = await startServer({
    port: 0,
    site: { distDir: dataDir },
    dataDir,
    log: (l) => logs.push(l),
    ...options,
  });
  closers.push(server.close);
  const health = (id: string) => fetch(`${server.url}/api/health`, { headers: { 'x-request-id': id } });
  const lines = () => logs.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { server, logs, lines, health };
}

/** A request written byte by byte (fetch refuses to send a newline in a header). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('request ids', () => {
  it('keeps a well-formed id from a trusted proxy: in the answer and on the log line', async () => {
    const { server, health, lines } = await service({ intake: { trustProxy: ['loopback'] } });
    const response = await health(NGINX_ID);
    expect(response.headers.get('x-request-id')).toBe(NGINX_ID);
    expect(lines().find((l) => l.route === '/api/health')).toMatchObject({ requestId: NGINX_ID, status: 200 });
    // Without one, a fresh id per request.
    const [a, b] = await Promise.all([fetch(`${server.url}/api/health`), fetch(`${server.url}/api/health`)]);
    expect(a.headers.get('x-request-id')).toMatch(UUID);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('replaces a JSON fragment, an 8 KB value or a malformed id, even from a trusted proxy', async () => {
    const { health, logs, lines } = await service({ intake: { trustProxy: ['loopback'] } });
    const hostile = [
      `${NGINX_ID}","level":"error","msg":"forged`,
      '{"requestId":"x","status":500}',
      'a'.repeat(8000),
      `${NGINX_ID} extra`,
      'short',
      '../../etc/passwd-0000000000',
    ];
    for (const id of hostile) {
      const answered = (await health(id)).headers.get('x-request-id');
      expect(answered).toMatch(UUID);
      expect(logs.join('\n')).not.toContain(id);
    }
    expect(lines().filter((l) => l.route === '/api/health')).toHaveLength(hostile.length);
    expect(lines().some((l) => l.msg === 'forged' || l.level === 'error')).toBe(false);
  });

  it('never echoes a newline: the header cannot split the answer or the log line', async () => {
    const { server, logs, lines } = await service({ intake: { trustProxy: ['loopback'] } });
    for (const separator of ['\n', '\r\n ', '\r']) {
      const answer = await raw(
        server.port,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Request-Id: ${NGINX_ID}${separator}{"level":"error","msg":"forged"}\r\nConnection: close\r\n\r\n`,
      );
      const echoed = /^x-request-id: (.*)$/im.exec(answer)?.[1]?.trim();
      // Refused outright by Node's parser (400), or answered with a fresh id.
      if (echoed !== undefined) expect(echoed).toMatch(UUID);
      expect(answer).not.toMatch(/^\{"level":"error"/m);
    }
    expect(logs.join('\n')).not.toContain('forged');
    for (const line of lines()) expect(line.level).not.toBe('error');
  });

  it('does not keep an id from a client that is not a trusted proxy', async () => {
    const { health, lines } = await service();
    const response = await health(NGINX_ID);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(lines().some((l) => l.requestId === NGINX_ID)).toBe(false);
  });

  it("behind Debian's nginx: nginx's $request_id reaches the log and the answer, a client's own is replaced", async () => {
    const { server, lines } = await service({ intake: { trustProxy: ['loopback'] } });
    const nginx = await serveNginx(
      () => `location /api/ {
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      proxy_pass http://127.0.0.1:${server.port};
    }
`,
    );
    closers.push(nginx.stop);
    const response = await fetch(`${nginx.url}/api/health`, { headers: { 'x-request-id': NGINX_ID } });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toBe(NGINX_ID);
    expect(lines().find((l) => l.route === '/api/health')).toMatchObject({ requestId: id });
  });
});
