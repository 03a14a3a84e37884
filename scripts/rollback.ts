// `npm run rollback`: switch the live site back to the previous release (RELEASES_DIR).
import path from 'node:path';
import { ConfigError } from '../src/config/settings.ts';
import { serviceConfig } from '../src/config/service.ts';
import { rollback } from '../src/release/releases.ts';

try {
  const releasesDir = path.resolve(serviceConfig().RELEASES_DIR);
  const { from, to } = await rollback(releasesDir);
  console.log(`Rolled back: ${from} -> ${to} (${releasesDir}/current)`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Rollback failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
