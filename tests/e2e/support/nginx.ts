// Runs Debian's nginx on a loopback port with the build's generated configuration, proxying
// /api/ and /hooks/ to the intake service. Returns undefined when nginx is not installed.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

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
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  const conf = path.join(prefix, 'conf');
  mkdirSync(conf, { recursive: true });
  for (const name of ['nginx.conf', 'security-headers.conf'])
    copyFileSync(path.join(`${distDir}-deploy`, name), path.join(conf, name === 'nginx.conf' ? 'site.conf' : name));
  const mime = existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
  writeFileSync(
    path.join(conf, 'main.conf'),
    `daemon off;
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
    # The intake service believes this header from loopback only (TRUST_PROXY=loopback in scripts/e2e-server.ts).
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header Host $host;
    location /api/ { proxy_pass http://127.0.0.1:${upstreamPort}; }
    # tus uploads: PATCH/HEAD/OPTIONS/DELETE pass through; 1 MB chunks (7 MB files) streamed unbuffered.
    location /api/uploads { client_max_body_size 8m; proxy_request_buffering off; proxy_http_version 1.1; proxy_pass http://127.0.0.1:${upstreamPort}; }
    location /hooks/ { proxy_pass http://127.0.0.1:${upstreamPort}; }
    include ${conf}/site.conf;
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(conf, 'main.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: conf,
  });
  for (let i = 0; i < 50; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/en/home`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    stop: async () => {
      child.kill('SIGQUIT');
    },
  };
}
