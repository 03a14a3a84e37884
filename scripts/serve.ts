// `npm run serve`: the built site and the intake service on http://127.0.0.1:${PORT:-4321}.
// Its settings are src/config/service.ts (docs/configuration.md lists them).
import path from 'node:path';
import { ConfigError } from '../src/config/settings.ts';
import { optionsFrom, serveSchema } from '../src/config/service-options.ts';
import { DataDirError } from '../src/service/data-dir.ts';
import { serveBanner } from './serve-banner.ts';
import { startServer } from '../src/service/start.ts';

const root = path.resolve(import.meta.dirname, '..');
let serve: ReturnType<typeof optionsFrom<ReturnType<typeof serveSchema>>>;
try {
  serve = optionsFrom(serveSchema(root));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { server: options, banner } = serve;
const server = await startServer(options).catch((error: Error) => {
  // A refusal to start (DATA_DIR open to others, plain-HTTP WEBFORM_URL) is a message, not a stack.
  if (error instanceof DataDirError || /WEBFORM_URL/.test(error.message)) {
    console.error(`Refusing to start: ${error.message}`);
    process.exit(1);
  }
  throw error;
});
// The banner goes to stderr: stdout carries only the log's JSON lines (docs/operations.md).
console.error(
  serveBanner({
    url: server.url,
    root,
    dataDir: options.dataDir,
    distDir: options.site.distDir,
    ...banner,
  }),
);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
