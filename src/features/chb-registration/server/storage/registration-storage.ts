// The registration's storage: its tables (migrations/, one numbered sequence with the platform's)
// and its repositories on the platform's query builder, the storage's or a transaction's, so an
// application, its uploads and its outbox item are stored in one transaction.
import path from 'node:path';
import type { MigrationFolders, Repositories, Storage } from '../../../../service/platform/storage.ts';
import { applications } from './applications.ts';
import type { ApplicationsRepository, UploadsRepository } from './types.ts';
import { uploads } from './uploads.ts';

const folder = path.join(import.meta.dirname, 'migrations');

export const registrationMigrations: MigrationFolders = {
  owner: 'chb-registration',
  sqlite: path.join(folder, 'sqlite'),
  postgres: path.join(folder, 'postgres'),
};

export interface RegistrationRepositories {
  uploads: UploadsRepository;
  applications: ApplicationsRepository;
}

/** The registration's repositories on `on` (a storage, or a transaction's repositories). */
export function registrationRepositories(on: Pick<Repositories, 'query'>): RegistrationRepositories {
  return { uploads: uploads(on.query), applications: applications(on.query) };
}

/** A storage with the registration's repositories, and its transactions with them. */
export type RegistrationStorage = Omit<Storage, 'transaction'> &
  RegistrationRepositories & {
    transaction<T>(work: (tx: Repositories & RegistrationRepositories) => Promise<T>): Promise<T>;
  };

export function registrationStorage(storage: Storage): RegistrationStorage {
  return {
    ...storage,
    ...registrationRepositories(storage),
    transaction: (work) => storage.transaction((tx) => work({ ...tx, ...registrationRepositories(tx) })),
  };
}
