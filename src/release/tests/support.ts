// A publishing stack for tests: the intake service with its publisher on a throw-away
// RELEASES_DIR, and the local CMS whose saves send it signed webhooks; CMS_URL points the builds
// at that CMS until close(). `root` is the project folder the publisher builds from (its build
// processes, resident renderer and their caches): this one, or a copy a test changes the code of.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { parseServiceConfig } from '../../config/service.ts';
import { serverOptionsFrom } from '../../config/service-options.ts';
import { startServer } from '../../service/start.ts';

const projectRoot = path.resolve(import.meta.dirname, '../../..');

export async function startPublishing(
  name: string,
  options: {
    secret: string;
    auth: { user: string; password: string };
    env?: Record<string, string>;
    /** Programs per language of the local CMS (LOCAL_CMS_SCALE); the snapshot as it is by default. */
    cmsScale?: number;
    /** The project folder to build from; this checkout by default. */
    root?: string;
    /** The local CMS's clock off the machine's by this much (its `changed` stamps and Date headers). */
    cmsClockOffsetMs?: number;
    /** Fills RELEASES_DIR before the service starts (shared-first-release.ts: a live release). */
    prepare?: (releasesDir: string) => Promise<void>;
    /** RELEASES_DIR somewhere else than the stack's own folder (another file system). */
    releasesDir?: string;
  },
) {
  const root = options.root ?? projectRoot;
  const work = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
  const releasesDir = options.releasesDir ?? path.join(work, 'releases');
  await options.prepare?.(releasesDir);
  // Configured as `npm run serve` is (src/config/service.ts), with `env` for the settings a test sets.
  const config = parseServiceConfig({
    PORT: '0',
    DIST_DIR: path.join(work, 'none'),
    DATA_DIR: path.join(work, 'data'),
    WEBHOOK_SECRET: options.secret,
    RELEASES_DIR: releasesDir,
    ...options.env,
  });
  const serve = (port = config.PORT) =>
    startServer({ ...serverOptionsFrom({ ...config, PORT: port }, root), log: () => undefined });
  let server = await serve();
  const cms = await startLocalCms({
    port: 0,
    auth: options.auth,
    webhookSecret: options.secret,
    webhookUrl: `${server.url}/hooks/cms`,
    log: () => undefined,
    ...(options.cmsScale ? { scale: options.cmsScale } : {}),
    ...(options.cmsClockOffsetMs ? { clockOffsetMs: options.cmsClockOffsetMs } : {}),
  });
  process.env.CMS_URL = cms.url;
  return {
    root,
    work,
    releasesDir,
    /** The service now (restart() starts another on the same address). */
    get server() {
      return server;
    },
    cms,
    /**
     * The service stopped (its publisher and renderer with it), `meanwhile` done while it is down
     * (a save's webhook then finds no one), and the service started again on the same address with
     * the same folders, as after a crash or a host's reboot.
     */
    async restart(meanwhile: () => Promise<void> = async () => undefined) {
      const port = Number(new URL(server.url).port);
      await server.close();
      await meanwhile();
      server = await serve(port);
    },
    async close() {
      await cms.close();
      await server.close();
      delete process.env.CMS_URL;
    },
  };
}

export type Publishing = Awaited<ReturnType<typeof startPublishing>>;
