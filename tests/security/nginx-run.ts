// Debian's real nginx on a generated include, in a throw-away prefix: `nginx -t` on it, or nginx
// serving it on a free loopback port (wrapped in a server block as tests/e2e/support/nginx.ts does).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

function prefixWith(include: string, headers: string, port: number) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'nginx-sec-'));
  const conf = path.join(prefix, 'conf');
  mkdirSync(conf);
  writeFileSync(path.join(conf, 'site.conf'), include);
  writeFileSync(path.join(conf, 'security-headers.conf'), headers);
  writeFileSync(
    path.join(conf, 'main.conf'),
    `daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    server_name _;
    absolute_redirect off;
    include ${conf}/site.conf;
  }
}
`,
  );
  return { prefix, main: path.join(conf, 'main.conf'), conf };
}

/** `nginx -t` on the include: whether it passed, and what nginx said. */
export function nginxTest(include: string, headers = ''): { ok: boolean; output: string } {
  const { prefix, main, conf } = prefixWith(include, headers, 1);
  try {
    const run = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', main], { cwd: conf, encoding: 'utf8' });
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
  const { prefix, main, conf } = prefixWith(include(port), headers, port);
  const child = spawn(NGINX, ['-p', prefix, '-c', main], { cwd: conf, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    const up = await fetch(`${url}/`, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > until) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
