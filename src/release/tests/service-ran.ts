// A clone where the service published before the tests ran: `scripts/serve.ts` run from `root`
// with the environment a shell or a service manager gives it (none of the test runner's keys),
// against a local CMS whose saves send it signed webhooks, until it made its first release and
// one resident release (the resident renderer's server bundle is then cached in
// root/node_modules/.astro-resident), then stopped.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { diesWithParent } from '../../../tests/e2e/support/processes.ts';
import { releaseChecks } from './release-checks.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The server bundles cached in root's node_modules (one folder per code key). */
export const cachedBundles = async (root: string) =>
  (await readdir(path.join(root, 'node_modules/.astro-resident'), { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

export async function publishedByTheService(
  root: string,
  options: { secret: string; auth: { user: string; password: string } },
) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'service-ran-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const cms = await startLocalCms({
    port: 0,
    auth: options.auth,
    webhookSecret: options.secret,
    webhookUrl: `${url}/hooks/cms`,
    log: () => undefined,
  });
  // What a systemd unit or a login shell gives `npm run serve`, and the service's settings.
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.homedir(),
    PORT: String(port),
    HOST: '127.0.0.1',
    CMS_URL: cms.url,
    WEBHOOK_SECRET: options.secret,
    DATA_DIR: path.join(work, 'data'),
    DIST_DIR: path.join(work, 'none'),
    RELEASES_DIR: path.join(work, 'releases'),
    // The first resident build waits for the server bundle's build.
    PUBLISH_RESIDENT_TIMEOUT_SECONDS: '600',
  };
  const child = spawn(...diesWithParent(path.join(root, 'node_modules/.bin/node'), ['scripts/serve.ts']), {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = `${errors}${chunk}`.slice(-4000)));
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${url}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      if (i > 600 || child.exitCode !== null) throw new Error(`the service did not start:\n${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const checks = releaseChecks({ server: { url }, cms, work, root, releasesDir: env.RELEASES_DIR }, options);
    let s = await checks.retitle('/program/home-support-services', 'Home Support Services');
    expect(s.lastBuild?.builder?.builder, JSON.stringify(s.lastBuild)).toBe('full');
    s = await checks.retitle('/program/home-support-services', 'Home Support Services (by the service)');
    expect(s.lastBuild?.builder?.builder, JSON.stringify(s.lastBuild)).toBe('resident');
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    await cms.close();
    await rm(work, { recursive: true, force: true });
  }
}
