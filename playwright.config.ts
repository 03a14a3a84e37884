import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium-path.ts';
import { takenPortsMessage } from './tests/e2e/support/processes.ts';

// Browser tests drive Debian's Chromium (no browser download) against the built site served by
// scripts/e2e-server.ts: the intake service with the static files, and nginx with the
// generated configuration. E2E_SKIP_BUILD=1 reuses an existing E2E_DIST.
const port = Number(process.env.E2E_PORT || 4410);
const nginxPort = Number(process.env.E2E_NGINX_PORT || port + 1);
process.env.E2E_PORT = String(port);
process.env.E2E_NGINX_PORT = String(nginxPort);
// A server already on the port would be taken for this run's (or fail every test against a stale
// nginx): say what holds it before anything runs. Checked once, by the runner: its workers load
// this file too, while this run's own servers hold the ports. E2E_REUSE_SERVER=1 keeps a server
// you started yourself (`node scripts/e2e-server.ts`) instead.
const reuse = process.env.E2E_REUSE_SERVER === '1';
const chromium = chromiumPath(process.env);
// Only when Playwright's runner loads it: other tools read this file too (knip, while a browser
// run elsewhere on the machine holds the ports).
const byPlaywright = /playwright/.test(process.argv[1] ?? '');
if (!reuse && byPlaywright && !process.env.E2E_PORTS_CHECKED) {
  process.env.E2E_PORTS_CHECKED = '1';
  if (chromium.note) console.warn(chromium.note);
  const taken = takenPortsMessage({ 'site and intake service, E2E_PORT': port, 'nginx, E2E_NGINX_PORT': nginxPort });
  if (taken) {
    console.error(taken);
    process.exit(1);
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two: the pages keep both cores busy, and three took as long (docs/testing.md).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['dot']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium.path,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    // One context per worker, reset between tests (support/fixtures.ts resets what Playwright's
    // reset leaves): a new context per test started a renderer and compiled every script again.
    // Measured over the whole run, one after the other: 452 CPU s and 240 s, then 339 and 186.
    reuseContext: true,
    // The site registers its own service worker after load; a page it answers bypasses page.route,
    // so a test that routes a navigation would race it. offline.spec.ts and the worker test in
    // page-types.spec.ts allow it.
    serviceWorkers: 'block',
  },
  webServer: {
    command: './node_modules/.bin/node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 600_000,
    reuseExistingServer: reuse,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
