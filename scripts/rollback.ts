// `npm run rollback`: switch the live site back to the previous release (RELEASES_DIR).
import { optionsFrom, releasesSchema } from '../src/config/service-options.ts';
import { ConfigError } from '../src/config/settings.ts';
import { rollback } from '../src/release/releases.ts';

try {
  const { releasesDir } = optionsFrom(releasesSchema(process.cwd()));
  const { from, to } = await rollback(releasesDir);
  console.log(`Rolled back: ${from} -> ${to} (${releasesDir}/current)`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Rollback failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
