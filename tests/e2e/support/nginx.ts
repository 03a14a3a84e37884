// Runs Debian's nginx on a loopback port with the build's generated configuration, proxying
// /api/ and /hooks/ to the intake service. Returns undefined when nginx is not installed.
// It dies with the process that started it, even a SIGKILLed one: one process in the foreground
// (no master, so no workers to orphan), with a parent-death signal (processes.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diesWithParent } from './processes.ts';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/**
 * A throw-away nginx prefix: `files` in its conf folder (the generated include as `site.conf`) and
 * a main.conf of one server on the loopback port, one process in the foreground (no master, so
 * no workers to orphan), ending with `include site.conf`.
 */
export function nginxPrefix({
  port,
  files,
  server = '',
}: {
  port: number;
  files: Record<string, string>;
  server?: string;
}) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  const conf = path.join(prefix, 'conf');
  mkdirSync(conf, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(conf, name), text);
  const mime = existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
  const main = path.join(conf, 'main.conf');
  writeFileSync(
    main,
    `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  ${mime}
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    server_name _;
    absolute_redirect off;
${server}    include ${conf}/site.conf;
  }
}
`,
  );
  return { prefix, conf, main, args: ['-p', prefix, '-c', main] };
}

/**
 * Runs nginx on a prefix until stop(), dying with the process that started it (parent-death
 * signal); resolves once `ready` says it answers. An nginx that cannot start (a taken port, a bad
 * configuration) exits, and that is said at once with its log, not after a wait.
 */
export async function runNginx(
  { prefix, conf, args }: ReturnType<typeof nginxPrefix>,
  ready: () => Promise<boolean>,
  stdio: 'inherit' | 'ignore' = 'inherit',
) {
  const [command, commandArgs] = diesWithParent(NGINX, args);
  const child = spawn(command, commandArgs, { stdio: ['ignore', stdio, stdio], cwd: conf });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await Promise.race([
      exited.then((code) => ({ exited: code })),
      ready().then(
        (ok) => ({ ok }),
        () => ({ ok: false }),
      ),
    ]);
    if ('exited' in answer) {
      const logFile = path.join(prefix, 'error.log');
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim() : '(its messages are above)';
      throw new Error(`nginx exited (${answer.exited}) on start-up:\n${log}`);
    }
    if (answer.ok) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 30 s (${prefix})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

export async function startNginx({
  port,
  distDir,
  upstreamPort,
}: {
  port: number;
  distDir: string;
  upstreamPort: number;
}) {
  if (!existsSync(NGINX)) {
    console.warn(`[e2e] ${NGINX} not found: tests that need nginx will fail`);
    return undefined;
  }
  const deploy = (name: string) => readFileSync(path.join(`${distDir}-deploy`, name), 'utf8');
  const prefix = nginxPrefix({
    port,
    files: { 'site.conf': deploy('nginx.conf'), 'security-headers.conf': deploy('security-headers.conf') },
    server: `    # The intake service believes this header from loopback only (TRUST_PROXY=loopback in scripts/e2e-server.ts).
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Host $host;
    # nginx's id of the request, kept by the service (from a trusted proxy) in its logs and answer.
    proxy_set_header X-Request-Id $request_id;
    location /api/ { proxy_pass http://127.0.0.1:${upstreamPort}; }
    # tus uploads: PATCH/HEAD/OPTIONS/DELETE pass through; 1 MB chunks (7 MB files) streamed unbuffered.
    location /api/uploads { client_max_body_size 8m; proxy_request_buffering off; proxy_http_version 1.1; proxy_pass http://127.0.0.1:${upstreamPort}; }
    location /hooks/ { proxy_pass http://127.0.0.1:${upstreamPort}; }
`,
  });
  return runNginx(prefix, () => fetch(`http://127.0.0.1:${port}/en/home`).then((r) => r.ok));
}
