// Resumable document uploads of the housing benefit application: tus (@tus/server + FileStore)
// under /api/uploads, files in DATA_DIR/uploads (never served: GET is refused). 7 MB at most,
// enforced while receiving; the type is decided by the first bytes as soon as they arrive (415)
// and again when the upload completes. Uploads not attached to an application within 24 hours
// are deleted by a periodic cleanup (tus also answers 410 for an expired unfinished upload).
// A quota (upload-quota.ts) keeps uploads from filling DATA_DIR: over it, 429 (this address) or
// 507 (everyone), with the message in the upload's language; a chunk that meets a full disk or
// the free-space reserve is answered 507 and its partial upload deleted at once.
// The pieces: tus-server.ts (tus and its hooks), head-check.ts (the first bytes), quota-gate.ts
// and partial-uploads.ts (the quota), upload-answers.ts (the JSON answers), upload-files.ts,
// upload-token.ts (only the creator's browser may read, write or delete an upload).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { apiError, createRateLimiter, type AddressCounts } from '../../../service/platform/http.ts';
import type { Storage } from '../../../service/platform/storage.ts';
import type { UploadsRepository } from './storage/types.ts';
import { headCheck } from './head-check.ts';
import { partialUploads } from './partial-uploads.ts';
import { quotaGate } from './quota-gate.ts';
import { createTusServer, UPLOAD_EXPIRY_MS } from './tus-server.ts';
import {
  idOf,
  jsonErrorAnswer,
  refusal,
  refusedAnswer,
  requestLang,
  unknownUpload,
  UploadRefused,
} from './upload-answers.ts';
import { UPLOAD_TOKEN_HEADER, uploadTokens } from './upload-token.ts';
import { uploadFiles } from './upload-files.ts';
import { sharedLocker } from './tus-locker.ts';
import { createUploadQuota, type UploadQuota } from './upload-quota.ts';
import type { LogLine } from '../../../service/platform/log.ts';

export { UPLOAD_PATH } from './tus-server.ts';

export interface UploadServiceOptions {
  storage: UploadsRepository;
  /** Where the upload creations per address are counted (every node on the database). */
  counts: AddressCounts;
  /** Cross-node locks of the uploads (PostgreSQL advisory locks): tus-locker.ts. */
  tryLock: Storage['tryLock'];
  dataDir: string;
  allowedOrigin?: string | undefined;
  /** Upload creations per client address and minute. */
  createsPerMinute: number;
  clientAddress: (request: Request, env: unknown) => string;
  now: () => number;
  log: LogLine;
  quota: UploadQuota;
  /** The key the upload tokens are derived from (the encryption key: the same on every node). */
  tokenSecret: Buffer;
}

/** Requests on one upload: only with the token its creation answered. */
const ON_AN_UPLOAD = new Set(['HEAD', 'PATCH', 'DELETE']);

export function createUploadService(options: UploadServiceOptions) {
  const { storage, now, log, clientAddress } = options;
  const directory = path.join(options.dataDir, 'uploads');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const files = uploadFiles(directory, storage);
  const tus = createTusServer({
    directory,
    files,
    storage,
    locker: sharedLocker(options.tryLock),
    allowedOrigin: options.allowedOrigin,
    now,
    log,
  });
  const allowCreate = createRateLimiter(options.counts, 'upload-creations', options.createsPerMinute);
  const quota = createUploadQuota({
    quota: options.quota,
    directory,
    accounts: { unattachedUploads: () => storage.unattachedUploads() },
  });
  const partials = partialUploads({ storage, files, log });
  const withinQuota = quotaGate({ tus, quota, partials, clientAddress, log });
  const checkedRequest = headCheck(files, storage);
  const tokens = uploadTokens(options.tokenSecret);

  /** The creation's answer with the upload's token. */
  function withToken(response: Response): Response {
    const id = response.headers.get('location')?.split('/').pop() ?? '';
    if (response.status !== 201 || !id) return response;
    const headers = new Headers(response.headers);
    headers.set(UPLOAD_TOKEN_HEADER, tokens.tokenOf(id));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  async function handle(c: Context): Promise<Response> {
    const request = c.req.raw;
    // On an existing upload (its token shown), the language it was created in: later requests
    // carry no metadata, and the browser's language may not be the form's.
    const proven =
      ON_AN_UPLOAD.has(request.method) && tokens.proves(idOf(request), request.headers.get(UPLOAD_TOKEN_HEADER));
    const lang = (proven ? await files.langOf(idOf(request)) : undefined) ?? requestLang(request);
    await partials.deleteLeftRows();
    // Files are never read back over HTTP (a document with a SIN is not for the browser).
    if (request.method === 'GET') return apiError(c, 405, 'method_not_allowed', { lang });
    if (request.method === 'POST' && !(await allowCreate(clientAddress(request, c.env))))
      return refusal(lang, 'client_quota', 'rate_limited');
    // Without the creator's token an upload is as unknown as one that never was (no file name).
    if (ON_AN_UPLOAD.has(request.method) && !proven) return unknownUpload(lang);
    const checked = await checkedRequest(request);
    const response =
      checked instanceof UploadRefused ? refusedAnswer(lang, checked) : await withinQuota(checked, c.env, lang);
    if (response.status === 507 && request.method === 'PATCH') await partials.drop(request, 'disk full');
    return withToken(await jsonErrorAnswer(response, lang));
  }

  /** Deletes uploads not attached to an application and older than 24 hours; returns how many. */
  async function cleanupExpired(at = now()): Promise<number> {
    const ids = await storage.expiredUploads(at - UPLOAD_EXPIRY_MS);
    for (const id of ids) await files.discard(id);
    // Files tus knows but the database doesn't (a crash between the two): tus's own expiry.
    await tus.cleanUpExpiredUploads().catch(() => 0);
    if (ids.length) log(`uploads cleanup: ${ids.length} expired`);
    return ids.length;
  }

  return { handle, cleanupExpired, directory, filePath: files.filePath, proves: tokens.proves };
}

export type UploadService = ReturnType<typeof createUploadService>;
