// The tus server of /api/uploads (@tus/server over the uploads folder) and its hooks: metadata
// checked at creation, the type checked when an upload completes, the database row kept with
// each upload, a full disk answered 507 and a database out of reach 503, in the upload's language.
import { Server, type Upload } from '@tus/server';
import type { Locker } from '@tus/server';
import path from 'node:path';
import { uploadGroups } from '../rules/options.ts';
import { detectFileType, MAX_UPLOAD_BYTES } from '../rules/upload-rules.ts';
import { apiMessages, diskFullBody, isDiskFull } from '../../../service/platform/http.ts';
import { isConnectionLoss } from '../../../service/platform/storage.ts';
import type { UploadsRepository } from './storage/types.ts';
import { UploadFileStore } from './file-store.ts';
import { errorBody, requestLang } from './upload-answers.ts';
import type { UploadFiles } from './upload-files.ts';
import type { Lang } from '../../../i18n/languages.ts';
import { errorText, type LogLine } from '../../../service/platform/log.ts';
import { SERVICE_PREFIXES } from '../../../site/rules/service-routes.ts';

export const UPLOAD_PATH = `${SERVICE_PREFIXES.api}/uploads`;
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

interface TusServerOptions {
  directory: string;
  files: UploadFiles;
  storage: UploadsRepository;
  locker: Locker;
  allowedOrigin?: string | undefined;
  now: () => number;
  log: LogLine;
}

/** The metadata tus stores: a known group and a plain file name, else a 400. */
function checkedMetadata(upload: Upload, lang: Lang) {
  const meta = upload.metadata ?? {};
  const group = meta.group ?? '';
  const filename = path.basename(String(meta.filename ?? '').replaceAll('\\', '/')).trim();
  if (!uploadGroups.includes(group as never) || !filename || filename.length > 255) {
    // tus answers a thrown { status_code, body } with that status and body (its documented protocol).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw {
      status_code: 400,
      body: errorBody(lang, 'bad_metadata'),
    };
  }
  return { metadata: { ...meta, filename, group } };
}

/** tus's deletion (DELETE) removes the upload's row too, before tus answers (the file store's hook). */
const deleteRow =
  ({ storage, log }: TusServerOptions) =>
  (id: string) =>
    storage.deleteUpload(id).catch((error: Error) => log(`${UPLOAD_PATH}: row not deleted (${errorText(error)})`));

/** Every upload tus creates gets its row, stored before tus answers; no row (disk full): no files either, and tus answers with the error (507). */
const uploadRow =
  ({ storage, now }: TusServerOptions) =>
  (upload: Upload) =>
    storage.createUpload({
      id: upload.id,
      group: upload.metadata?.group ?? '',
      filename: upload.metadata?.filename ?? '',
      size: upload.size ?? null,
      createdAt: now(),
    });

export function createTusServer(options: TusServerOptions): Server {
  const { files, storage, now, log } = options;
  const tus = new Server({
    path: UPLOAD_PATH,
    datastore: new UploadFileStore({
      directory: options.directory,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      created: uploadRow(options),
      removed: deleteRow(options),
    }),
    maxSize: MAX_UPLOAD_BYTES,
    locker: options.locker,
    relativeLocation: true,
    // Same origin unless the site is served elsewhere (then exactly the site's origin).
    allowedOrigins: (origin: string) => Boolean(options.allowedOrigin) && origin === options.allowedOrigin,
    // The creator's proof (upload-token.ts): sent by the browser, read from the creation's answer.
    allowedHeaders: ['accept-language', 'upload-token'],
    exposedHeaders: ['Upload-Token'],
    // A full disk: 507 with a message in the upload's language, the cause in the log; a database
    // out of reach: 503 (what was received is kept, the client resumes later).
    onResponseError(req, error) {
      if (isConnectionLoss(error)) {
        log(`${req.method} ${UPLOAD_PATH}: storage unavailable (${errorText(error)})`, { level: 'error' });
        const lang = requestLang(req);
        return {
          status_code: 503,
          body: JSON.stringify({ error: 'storage_unavailable', message: apiMessages[lang].storage_unavailable }),
        };
      }
      if (!isDiskFull(error)) return undefined;
      log(`${req.method} ${UPLOAD_PATH}: storage full (${errorText(error)})`, { level: 'error' });
      return { status_code: 507, body: diskFullBody(requestLang(req)) };
    },
    onUploadCreate: async (req, upload) => checkedMetadata(upload, requestLang(req)),
    async onUploadFinish(req, upload) {
      const type = detectFileType(await files.readHead(upload.id));
      if (!type) {
        await files.discard(upload.id);
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw { status_code: 415, body: errorBody(requestLang(req), 'wrong_type') };
      }
      await storage.finishUpload(upload.id, { size: upload.offset, detectedType: type, finishedAt: now() });
      return {};
    },
  });
  return tus;
}
