// The housing benefit registration's seam: its settings (the uploads' quota), the tus uploads
// under /api/uploads, the application form (POST /api/applications, accepted by the service's
// form route), its outbox to the CMS, and its part of the start-up check and the periodic
// cleanup (expired uploads, application folders).
import { z } from 'zod';
import type { IntakeFeature } from '../../../service/platform/feature.ts';
import { errorText } from '../../../service/platform/log.ts';
import { outsideRequest } from '../../../service/platform/outbox.ts';
import { startApplicationForwarder } from './application-forwarder.ts';
import { reconcileApplicationFiles } from './application-files.ts';
import { applicationForm } from './applications.ts';
import { createSealer } from './crypto.ts';
import {
  registrationMigrations,
  registrationStorage,
  type RegistrationRepositories,
} from './storage/registration-storage.ts';
import { uploadsInProgress } from './storage/uploads-in-progress.ts';
import { DEFAULT_UPLOAD_QUOTA, type UploadQuota } from './upload-quota.ts';
import { createUploadService, UPLOAD_PATH } from './uploads.ts';

const MB = 1024 * 1024;

export interface RegistrationOptions {
  /** Upload creations per client address and minute (tus POST; default 60). */
  uploadsPerMinute: number;
  /** UPLOADS_QUOTA_MB, UPLOADS_CLIENT_QUOTA_MB, DATA_DIR_RESERVE_MB (defaults in upload-quota.ts). */
  uploadQuota: Partial<UploadQuota>;
  /** Largest application body (default 256 KB). */
  maxApplicationBytes: number;
}

/** What the started server exposes of it. */
export interface RegistrationHandle extends RegistrationRepositories {
  uploadsDir: string;
  /** Deletes unattached uploads older than 24 hours at `at` (default: the clock's now). */
  cleanupExpiredUploads: (at?: number) => Promise<number>;
}

const settings = z.object({
  UPLOADS_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(2048)
    .describe(
      'Uploads not yet part of an application (in flight or finished, at their declared length), all together; over it a new upload gets 507.',
    ),
  UPLOADS_CLIENT_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(7)
    .default(100)
    .describe(
      'The same for one client address (at least 7); over it a new upload gets 429, and the forms still answer.',
    ),
  DATA_DIR_RESERVE_MB: z.coerce
    .number()
    .int()
    .min(0)
    .default(512)
    .describe(
      'Free space on DATA_DIR that uploads never take (an upload that would is refused, 507), left for the forms.',
    ),
});

export const registrationFeature: IntakeFeature<RegistrationOptions> = {
  name: 'chb-registration',
  settings,
  optionsFrom: (values) => {
    const parsed = settings.parse(values);
    return {
      uploadQuota: {
        totalBytes: parsed.UPLOADS_QUOTA_MB * MB,
        perClientBytes: parsed.UPLOADS_CLIENT_QUOTA_MB * MB,
        reserveBytes: parsed.DATA_DIR_RESERVE_MB * MB,
      },
    };
  },
  migrations: registrationMigrations,
  // The stored applications' documents (uploads in progress expire within 24 hours: not kept).
  dataFolders: ['applications'],
  start(context, options) {
    const { dataDir, log, now } = context;
    const storage = registrationStorage(context.storage);
    const uploadsLog = log.child({ component: 'uploads' });
    const sealer = createSealer(context.secret);
    const uploads = createUploadService({
      storage: storage.uploads,
      counts: context.counts,
      tryLock: (name: string) => storage.tryLock(name),
      dataDir,
      allowedOrigin: context.allowedOrigin,
      createsPerMinute: options.uploadsPerMinute ?? 60,
      quota: { ...DEFAULT_UPLOAD_QUOTA, ...options.uploadQuota },
      clientAddress: context.clientAddress,
      now,
      log: uploadsLog,
      tokenSecret: context.secret,
    });
    const outbox =
      context.forwarding &&
      startApplicationForwarder({
        storage,
        webform: context.forwarding.webform,
        sealer,
        dataDir,
        log: log.child({ component: 'outbox' }),
        ...context.forwarding.retry,
      });
    const files = (at: number, rows: boolean) =>
      reconcileApplicationFiles({ storage, dataDir, uploadsDir: uploads.directory, log: uploadsLog, now: at, rows });
    const handle: RegistrationHandle = {
      uploads: storage.uploads,
      applications: storage.applications,
      uploadsDir: uploads.directory,
      cleanupExpiredUploads: (at) => uploads.cleanupExpired(at),
    };
    return {
      // tus answers its own CORS, OPTIONS and limits.
      ownRoutes: (app) => {
        app.all(UPLOAD_PATH, (c) => uploads.handle(c));
        app.all(`${UPLOAD_PATH}/*`, (c) => uploads.handle(c));
      },
      forms: [
        applicationForm({
          storage,
          uploads,
          sealer,
          dataDir,
          outbox: outsideRequest(outbox),
          maxBodyBytes: options.maxApplicationBytes ?? 256 * 1024,
        }),
      ],
      // What a stopped node left between a commit and its files.
      recover: () =>
        files(now(), true).then(
          () => undefined,
          (e: Error) => uploadsLog.warn(`application files check failed (${errorText(e)})`),
        ),
      housekeeping: async (at) => ({ uploads: await uploads.cleanupExpired(at), files: await files(at, false) }),
      folders: [{ name: 'uploads', path: uploads.directory }],
      gauges: [
        {
          name: 'intake_uploads_in_progress',
          help: 'Uploads started and not finished (tus).',
          read: () => uploadsInProgress(storage.uploads),
        },
      ],
      handle,
      stop: () => outbox?.stop(),
    };
  },
};
