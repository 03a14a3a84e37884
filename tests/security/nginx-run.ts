// Debian's real nginx on a generated include, in a throw-away prefix: `nginx -t` on it, or nginx
// serving it on a free loopback port, through the prefix and runner of tests/e2e/support/nginx.ts
// (one process that dies with the test run).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { nginxPrefix, runNginx } from '../e2e/support/nginx.ts';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** `nginx -t` on the include: whether it passed, and what nginx said. */
export function nginxTest(include: string, headers = ''): { ok: boolean; output: string } {
  const { prefix, conf, args } = nginxPrefix({
    port: 1,
    files: { 'site.conf': include, 'security-headers.conf': headers },
  });
  try {
    const run = spawnSync(NGINX, ['-t', '-q', ...args], { cwd: conf, encoding: 'utf8' });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx serving the include until stop(); resolves once it answers. */
export async function serveNginx(include: (port: number) => string, headers = '') {
  const port = await freePort();
  const prefix = nginxPrefix({ port, files: { 'site.conf': include(port), 'security-headers.conf': headers } });
  const url = `http://127.0.0.1:${port}`;
  const nginx = await runNginx(prefix, () => fetch(`${url}/`, { redirect: 'manual' }).then(() => true), 'ignore');
  return {
    url,
    stop: async () => {
      await nginx.stop();
      rmSync(prefix.prefix, { recursive: true, force: true });
    },
  };
}
