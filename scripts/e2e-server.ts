// Serves a built site for the browser tests: builds it once (unless E2E_SKIP_BUILD=1 and the
// build exists), then starts the intake service with the static files on E2E_PORT and, when
// nginx is installed, nginx with the generated configuration on E2E_NGINX_PORT.
// Nothing it starts outlives the run: it exits when the run that started it goes (even SIGKILLed),
// and its children die with it (see tests/e2e/support/nginx.ts). A taken port is said up front.
import { spawn } from 'node:child_process';
import { existsSync, fstatSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eBuild } from '../tests/e2e/support/e2e-build.ts';
import { diesWithParent, takenPortsMessage } from '../tests/e2e/support/processes.ts';

const root = path.resolve(import.meta.dirname, '..');
const build = e2eBuild(root);
const distDir = build.distDir;
const port = Number(process.env.E2E_PORT || 4410);
const nginxPort = Number(process.env.E2E_NGINX_PORT || port + 1);

// Playwright gives its webServer a pipe on stdin, which closes when the runner ends however it
// ends; a parent that ends without closing it (or no pipe at all) shows as a new parent pid.
const parent = process.ppid;
let stopping = false;
function exitWithParent() {
  if (stopping) return;
  console.log('[e2e] the run that started this server has ended: stopping');
  void shutdown();
}
const stdin = fstatSync(0);
if (stdin.isFIFO() || stdin.isSocket()) {
  // (Node gives a child a socket pair for 'pipe', a shell may give a FIFO; /dev/null is neither.)
  process.stdin.on('end', exitWithParent).on('error', exitWithParent).resume();
}
setInterval(() => {
  if (process.ppid !== parent) exitWithParent();
}, 500).unref();

const taken = takenPortsMessage({ 'site and intake service, E2E_PORT': port, 'nginx, E2E_NGINX_PORT': nginxPort });
if (taken) {
  console.error(`[e2e] ${taken}`);
  process.exit(1);
}

if (!(process.env.E2E_SKIP_BUILD === '1' && existsSync(path.join(distDir, 'en')))) {
  console.log(`[e2e] building into ${distDir}`);
  const [command, commandArgs] = diesWithParent(process.execPath, ['scripts/build.ts']);
  const child = spawn(command, commandArgs, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...build.env },
  });
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (status !== 0) process.exit(status ?? 1);
}

// What is running so far: the run may end (shutdown) while this script is still starting things.
const running: {
  server?: Awaited<ReturnType<typeof import('../src/service/start.ts').startServer>>;
  stopNginx?: () => Promise<void>;
} = {};
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const { startServer } = await import('../src/service/start.ts');
// nginx runs on loopback in front of the service: its X-Forwarded-For names the browser.
const server = await startServer({
  port,
  host: '127.0.0.1',
  site: { distDir, frenchHost: process.env.FRENCH_HOST || undefined },
  dataDir,
  intake: { trustProxy: ['loopback'] },
});
running.server = server;
console.log(`[e2e] site and intake service on ${server.url}`);

const { startNginx } = await import('../tests/e2e/support/nginx.ts');
const nginx = await startNginx({ port: nginxPort, distDir, upstreamPort: port });
running.stopNginx = nginx?.stop;
if (nginx) console.log(`[e2e] nginx on http://127.0.0.1:${nginxPort}`);

async function shutdown() {
  stopping = true;
  await running.stopNginx?.();
  await running.server?.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
