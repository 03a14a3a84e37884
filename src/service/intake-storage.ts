// The intake database (and the features' folders beside it) as the service and its tools open it: the platform's tables and every
// feature's own (their migrations, one numbered sequence). A tool that opened it without a
// feature's migrations would leave the database without them; the next opener with them refuses
// it (migration-plan.ts), so every opener of the service's database goes through here.
import { FEATURES } from './features.ts';
import { openStorage } from './storage/open.ts';

export const featureMigrations = FEATURES.flatMap((feature) => (feature.migrations ? [feature.migrations] : []));

/** The folders the features keep in DATA_DIR, which a backup keeps with the database. */
export const featureDataFolders = FEATURES.flatMap((feature) => feature.dataFolders ?? []);

export const openIntakeStorage = (options: Omit<Parameters<typeof openStorage>[0], 'migrations'>) =>
  openStorage({ ...options, migrations: featureMigrations });
