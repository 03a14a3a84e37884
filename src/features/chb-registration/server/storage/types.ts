// The registration's repositories: its uploads (tus; the bytes stay on disk, never in the
// database) and its applications (the SIN and dates of birth sealed in `data`).

/** A tus upload as the intake service tracks it (the bytes stay on disk, never in the database). */
export interface UploadRecord {
  id: string;
  group: string;
  filename: string;
  size: number | null;
  createdAt: number;
  finishedAt: number | null;
  detectedType: string | null;
  applicationId: number | null;
  path: string | null;
  fid: string | null;
}

/** Housing benefit uploads (the method names are what ../uploads.ts calls). */
export interface UploadsRepository {
  createUpload(upload: {
    id: string;
    group: string;
    filename: string;
    size: number | null;
    createdAt: number;
  }): Promise<void>;
  finishUpload(id: string, finished: { size: number; detectedType: string; finishedAt: number }): Promise<void>;
  getUpload(id: string): Promise<UploadRecord | undefined>;
  deleteUpload(id: string): Promise<void>;
  /** Ids of uploads not attached to an application and created before `before` (ms). */
  expiredUploads(before: number): Promise<string[]>;
  /** Uploads not attached to an application (in flight or finished), with their size: the uploads quota. */
  unattachedUploads(): Promise<Array<{ id: string; size: number | null }>>;
  /** Attaches a finished, unattached upload to an application; false if it is not one. */
  attach(uploadId: string, applicationId: number, path: string): Promise<boolean>;
  setFid(uploadId: string, fid: string): Promise<void>;
  ofApplication(applicationId: number): Promise<UploadRecord[]>;
  /** Every attached upload's id and path (DATA_DIR-relative): the start-up check of the files. */
  attachedFiles(): Promise<Array<{ id: string; path: string }>>;
}

/** A housing benefit application as stored: `data` has the SIN and dates of birth sealed (AES-256-GCM). */
export interface ApplicationRecord {
  id: number;
  number: string;
  lang: string;
  createdAt: string;
  data: string;
}

export interface ApplicationsRepository {
  /** Stores an application; returns its id. */
  add(application: { number: string; lang: string; data: string }): Promise<number>;
  get(number: string): Promise<ApplicationRecord | undefined>;
  numberTaken(number: string): Promise<boolean>;
}
