// `npm run publisher`: the publisher apart from the intake nodes (docs/deployment.md). It alone
// writes RELEASES_DIR: it builds each release in its child processes (the build, the resident
// renderer), keeps the build history, and answers the intake nodes on its internal API
// (src/release/publisher/publisher-api.ts, PUBLISHER_HOST:PUBLISHER_PORT, Bearer PUBLISHER_TOKEN).
// An intake node without PUBLISHER_URL starts this same file as its child (one command) and sends
// it its options; the child ends when that node does.
import path from 'node:path';
import { serve } from '@hono/node-server';
import { ConfigError } from '../src/config/settings.ts';
import { createPublisher } from '../src/release/publisher/publisher.ts';
import { publisherApi } from '../src/release/publisher/publisher-api.ts';
import { optionsFrom, publisherSchema } from '../src/config/service-options.ts';
import { createLogger } from '../src/service/log/logger.ts';
import { sharedBuildLock } from '../src/service/publishing/deliveries.ts';
import type { PublisherProcessOptions, PublisherReady } from '../src/service/publishing/publisher-process-options.ts';
import { openIntakeStorage } from '../src/service/intake-storage.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The builds' settings become the caller's environment (one command: as when the node built itself). */
function followEnv(env: Record<string, string>) {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
}

async function run(options: PublisherProcessOptions) {
  const log = createLogger(undefined, { component: 'publish' });
  // PostgreSQL: the build lock is the database's, should two publishers ever share RELEASES_DIR.
  const storage = options.databaseUrl
    ? await openIntakeStorage({
        dataDir: options.releasesDir,
        databaseUrl: options.databaseUrl,
        database: options.database,
      })
    : undefined;
  const publisher = createPublisher({
    root: options.root,
    releasesDir: options.releasesDir,
    cacheDir: path.join(options.releasesDir, '.cache'),
    publishCommand: options.command,
    ...(options.timeoutMs ? { buildTimeoutMs: options.timeoutMs } : {}),
    allowDrop: options.allowDrop ?? false,
    log,
    buildLock: storage && sharedBuildLock(storage),
    ...(options.resident !== undefined ? { resident: options.resident } : {}),
  });
  await publisher.adopt(options.distDir);
  const app = publisherApi(publisher, {
    token: options.token,
    followEnv: options.followsCallerEnv ? followEnv : undefined,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s));
  });
  const address = server.address();
  const url = `http://${options.host}:${typeof address === 'object' && address ? address.port : options.port}`;
  log(`publisher listening on ${url}`);
  const stop = () => {
    publisher.close();
    server.close();
    void Promise.resolve(storage?.close()).finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Started by an intake node: it ends with that node (the IPC channel closes however the node ended).
  process.on('disconnect', stop);
  process.send?.({ ready: url } satisfies PublisherReady);
}

if (process.send) {
  process.once('message', (message: { options: PublisherProcessOptions }) => void run(message.options));
} else {
  let options: PublisherProcessOptions;
  try {
    options = optionsFrom(publisherSchema(root));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  await run(options);
}
