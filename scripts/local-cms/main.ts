// `npm run cms`: the local CMS alone, on CMS_PORT (default 4322). Its settings are
// src/config/local-cms.ts (docs/configuration.md lists them).
import { localCmsConfig } from '../../src/config/local-cms.ts';
import { ConfigError } from '../../src/config/settings.ts';
import { startLocalCms } from './server.ts';

let env: ReturnType<typeof localCmsConfig>;
try {
  env = localCmsConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

try {
  const cms = await startLocalCms({
    port: env.CMS_PORT,
    scale: env.LOCAL_CMS_SCALE || undefined,
    faults: env.LOCAL_CMS_FAULTS,
    webformDir: env.LOCAL_CMS_WEBFORM_DIR,
    auth: env.CMS_USER ? { user: env.CMS_USER, password: env.CMS_PASSWORD } : undefined,
    webhookUrl: env.WEBHOOK_URL,
    webhookSecret: env.WEBHOOK_SECRET,
  });
  console.log(`Local CMS on ${cms.url} (JSON:API at ${cms.url}jsonapi, French at ${cms.url}fr/jsonapi)`);
  console.log(
    env.CMS_USER
      ? `  Editor writes on: PATCH, POST and DELETE with basic auth as "${env.CMS_USER}"${env.WEBHOOK_URL ? `; webhook to ${env.WEBHOOK_URL}` : ' (set WEBHOOK_URL and WEBHOOK_SECRET to rebuild the site on each write)'}`
      : '  Read-only: set CMS_USER and CMS_PASSWORD to accept editor writes.',
  );
  console.log(`  Build the site from it: CMS_URL=${cms.url} npm run build`);
} catch (error) {
  console.error(`Local CMS failed to start: ${(error as Error).message}`);
  process.exit(1);
}
