// Serves a built site for the browser tests: builds it once (unless E2E_SKIP_BUILD=1 and the
// build exists), then starts the intake service with the static files on E2E_PORT and, when
// nginx is installed, nginx with the generated configuration on E2E_NGINX_PORT.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(root, process.env.E2E_DIST || 'dist-e2e');
const port = Number(process.env.E2E_PORT || 4410);
const nginxPort = Number(process.env.E2E_NGINX_PORT || port + 1);

if (!(process.env.E2E_SKIP_BUILD === '1' && existsSync(path.join(distDir, 'en')))) {
  console.log(`[e2e] building into ${distDir}`);
  const result = spawnSync(process.execPath, ['scripts/build.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      OUT_DIR: distDir,
      ASTRO_CACHE_DIR: `${distDir}.cache`,
      SITE_URL: process.env.SITE_URL || `http://127.0.0.1:${port}`,
      FRENCH_HOST: process.env.FRENCH_HOST || 'fr.localhost',
    },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const { startServer } = await import('../src/server/start.ts');
// nginx runs on loopback in front of the service: its X-Forwarded-For names the browser.
const server = await startServer({ port, host: '127.0.0.1', distDir, dataDir, trustProxy: ['loopback'] } as Parameters<
  typeof startServer
>[0]);
console.log(`[e2e] site and intake service on ${server.url}`);

const nginxModule = path.join(root, 'tests/e2e/support/nginx.ts');
let stopNginx: (() => Promise<void>) | undefined;
if (existsSync(nginxModule)) {
  const { startNginx } = await import(nginxModule);
  const nginx = await startNginx({ port: nginxPort, distDir, upstreamPort: port });
  stopNginx = nginx?.stop;
  if (nginx) console.log(`[e2e] nginx on http://127.0.0.1:${nginxPort}`);
}

async function shutdown() {
  await stopNginx?.();
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
