// Support for the security tests: raw HTTP (the path is sent byte for byte, as fetch would normalize
// `..`; any header can be set; redirects are not followed) and a real tmpfs for full-disk tests.
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export function raw(
  base: string,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: pathname, method: init.method ?? 'GET', headers: init.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString('utf8') });
        });
      },
    );
    request.on('error', reject);
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * A proxy in front of the local CMS that can lose an answer (the CMS got the request, the caller
 * never hears back) or fail requests whose body matches, to stage what a network does.
 */
export async function cmsProxy(
  target: string,
  decide: (path: string, body: string) => 'pass' | 'lose-answer' | 'fail',
) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const verdict = decide(req.url ?? '', body.toString('utf8'));
      if (verdict === 'fail') {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end('{"message":"Service unavailable"}');
      }
      const upstream = http.request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: req.headers },
        (answer) => {
          if (verdict === 'lose-answer') {
            answer.resume();
            answer.on('end', () => res.destroy());
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached in time');
}

/**
 * A real tmpfs of `size` (e.g. `16m`) on a new folder, for full-disk tests: mount() it in
 * beforeAll, unmount() it (which also removes the folder) in afterAll. `canMount` says whether
 * mounting is allowed here (not as a user without root: those tests are skipped); it is found by
 * mounting once and unmounting at once, so collecting the file (`vitest list`, a run stopped before
 * its hooks) leaves nothing mounted.
 */
export function tmpfs(prefix: string, size: string, mode = '0700') {
  const mountPoint = mkdtempSync(path.join(os.tmpdir(), prefix));
  const mount = () =>
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=${mode}`, 'tmpfs', mountPoint], { stdio: 'ignore' });
  let canMount = false;
  try {
    mount();
    execFileSync('umount', [mountPoint]);
    canMount = true;
  } catch {
    // not allowed here: the caller skips its tests
  }
  let mounted = false;
  return {
    mountPoint,
    canMount,
    mount() {
      if (!canMount || mounted) return;
      mount();
      mounted = true;
    },
    unmount() {
      if (mounted) execFileSync('umount', ['-l', mountPoint]);
      mounted = false;
      rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}
