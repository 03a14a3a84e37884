// `npm run rollback`: switch the live site back to the previous release (RELEASES_DIR).
import path from 'node:path';
import { rollback } from '../src/release/releases.ts';

const releasesDir = path.resolve(process.env.RELEASES_DIR || 'releases');
try {
  const { from, to } = await rollback(releasesDir);
  console.log(`Rolled back: ${from} -> ${to} (${releasesDir}/current)`);
} catch (error) {
  console.error(`Rollback failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
