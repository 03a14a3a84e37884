// The database as a feature sees it: its repositories' types and the errors it may meet.
export type { OutboxItem, Release, Storage, UploadRecord, UploadsRepository } from '../storage/types.ts';
export { CommitUncertain, isConnectionLoss } from '../storage/unavailable.ts';
