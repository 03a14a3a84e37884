// `npm run cms`: the local CMS alone, on CMS_PORT (default 4322).
import { startLocalCms } from './server.ts';

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`Invalid configuration: ${name} must be a whole number (got "${raw}").`);
    process.exit(1);
  }
  return value;
}

try {
  const cms = await startLocalCms({
    port: int('CMS_PORT', 4322),
    scale: int('LOCAL_CMS_SCALE', 0) || undefined,
    faults: process.env.LOCAL_CMS_FAULTS,
    webformDir: process.env.LOCAL_CMS_WEBFORM_DIR,
    auth: process.env.CMS_USER ? { user: process.env.CMS_USER, password: process.env.CMS_PASSWORD ?? '' } : undefined,
    webhookUrl: process.env.WEBHOOK_URL || undefined,
    webhookSecret: process.env.WEBHOOK_SECRET || undefined,
  });
  console.log(`Local CMS on ${cms.url} (JSON:API at ${cms.url}jsonapi, French at ${cms.url}fr/jsonapi)`);
  console.log(
    process.env.CMS_USER
      ? `  Editor writes on: PATCH, POST and DELETE with basic auth as "${process.env.CMS_USER}"${process.env.WEBHOOK_URL ? `; webhook to ${process.env.WEBHOOK_URL}` : ' (set WEBHOOK_URL and WEBHOOK_SECRET to rebuild the site on each write)'}`
      : '  Read-only: set CMS_USER and CMS_PASSWORD to accept editor writes.',
  );
  console.log(`  Build the site from it: CMS_URL=${cms.url} npm run build`);
} catch (error) {
  console.error(`Local CMS failed to start: ${(error as Error).message}`);
  process.exit(1);
}
