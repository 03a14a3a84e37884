// The database as a feature sees it: the platform's repositories and their types, the errors it may
// meet, and what a feature adds its own tables with: its migration folders (given in its seam,
// `IntakeFeature.migrations`, applied with the platform's in one numbered sequence) and the query
// builder (`Repositories.query`: the storage's, or a transaction's) its repositories run on.
export type { OutboxItem, Release, Repositories, Storage } from '../storage/types.ts';
export type { Db } from '../storage/dialect.ts';
export type { MigrationFolders } from '../storage/migration-plan.ts';
export { CommitUncertain, isConnectionLoss } from '../storage/unavailable.ts';
