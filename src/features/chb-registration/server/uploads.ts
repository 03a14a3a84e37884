// Resumable document uploads of the housing benefit application: tus (@tus/server + FileStore)
// under /api/uploads, files in DATA_DIR/uploads (never served: GET is refused). 7 MB at most,
// enforced while receiving; the type is decided by the first bytes as soon as they arrive (415)
// and again when the upload completes. Uploads not attached to an application within 24 hours
// are deleted by a periodic cleanup (tus also answers 410 for an expired unfinished upload).
// A quota (upload-quota.ts) keeps uploads from filling DATA_DIR: over it, 429 (this address) or
// 507 (everyone), with the message in the upload's language; a chunk that meets a full disk or
// the free-space reserve is answered 507 and its partial upload deleted at once.
import { EVENTS, Metadata, Server, type Upload } from '@tus/server';
import { mkdirSync, rmSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { isLang, type Lang } from '../../../i18n/languages.ts';
import { uploadGroups } from '../rules/options.ts';
import {
  detectFileType,
  HEAD_BYTES,
  headVerdict,
  MAX_UPLOAD_BYTES,
  type UploadErrorCode,
} from '../rules/upload-rules.ts';
import { uploadMessage } from '../messages.ts';
import { createRateLimiter } from '../../../service/rate-limit.ts';
import type { UploadsRepository } from '../../../service/storage/types.ts';
import { diskFullBody, isDiskFull } from '../../../service/disk-full.ts';
import { UploadFileStore } from './file-store.ts';
import { createUploadQuota, type QuotaVerdict, type UploadQuota } from './upload-quota.ts';

export const UPLOAD_PATH = '/api/uploads';
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface UploadServiceOptions {
  storage: UploadsRepository;
  dataDir: string;
  allowedOrigin?: string | undefined;
  /** Upload creations per client address and minute. */
  createsPerMinute: number;
  clientAddress: (request: Request, env: unknown) => string;
  now: () => number;
  log: (line: string) => void;
  quota: UploadQuota;
}

class UploadRefused extends Error {
  readonly status: number;
  readonly code: UploadErrorCode | 'bad_metadata';
  constructor(status: number, code: UploadErrorCode | 'bad_metadata') {
    super(code);
    this.status = status;
    this.code = code;
  }
}

const requestLang = (request: Request): Lang => {
  try {
    const meta = Metadata.parse(request.headers.get('upload-metadata') ?? undefined) as
      Record<string, string | null> | undefined;
    if (meta && isLang(meta.lang)) return meta.lang;
  } catch {
    // malformed metadata: tus refuses it itself
  }
  return /^fr\b/i.test(request.headers.get('accept-language') ?? '') ? 'fr' : 'en';
};

const errorBody = (lang: Lang, code: UploadErrorCode | 'bad_metadata', error: string = code) =>
  JSON.stringify({ error, message: uploadMessage(lang, code === 'bad_metadata' ? 'unknown' : code) });

const refusal = (lang: Lang, verdict: Exclude<QuotaVerdict, 'ok'>, error: string = verdict) =>
  new Response(errorBody(lang, verdict, error), {
    status: verdict === 'client_quota' ? 429 : 507,
    headers: { 'Tus-Resumable': '1.0.0', 'content-type': 'application/json; charset=utf-8' },
  });

/** The upload id of a PATCH/HEAD/DELETE URL, only when well formed (never `..%2F..`). */
const idOf = (request: Request) => {
  const last = new URL(request.url).pathname.split('/').pop() ?? '';
  return /^[A-Za-z0-9_-]+$/.test(last) ? last : '';
};

/** Reads up to `count` bytes from the stream, and returns them with a stream of everything. */
async function peek(body: ReadableStream<Uint8Array>, count: number) {
  const reader = body.getReader();
  const seen: Uint8Array[] = [];
  let have = 0;
  let done = false;
  while (have < count) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    have += next.value.length;
  }
  const head = Buffer.concat(seen).subarray(0, count);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of seen) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, stream, cancel: () => reader.cancel().catch(() => {}) };
}

export function createUploadService(options: UploadServiceOptions) {
  const { storage, now, log } = options;
  const directory = path.join(options.dataDir, 'uploads');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const datastore = new UploadFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const filePath = (id: string) => path.join(directory, id);

  async function readHead(id: string, length = HEAD_BYTES): Promise<Buffer> {
    const handle = await open(filePath(id), 'r').catch(() => undefined);
    if (!handle) return Buffer.alloc(0);
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async function discard(id: string) {
    storage.deleteUpload(id);
    await Promise.all([rm(filePath(id), { force: true }), rm(`${filePath(id)}.json`, { force: true })]);
  }

  const tus = new Server({
    path: UPLOAD_PATH,
    datastore,
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    // Same origin unless the site is served elsewhere (then exactly the site's origin).
    allowedOrigins: (origin: string) => Boolean(options.allowedOrigin) && origin === options.allowedOrigin,
    allowedHeaders: ['accept-language'],
    // A full disk: 507 with a message in the upload's language, the cause in the log.
    onResponseError(req, error) {
      if (!isDiskFull(error)) return undefined;
      log(`${req.method} ${UPLOAD_PATH}: storage full (${(error as Error).message})`);
      return { status_code: 507, body: diskFullBody(requestLang(req)) };
    },
    async onUploadCreate(_req, upload) {
      const meta = upload.metadata ?? {};
      const group = meta.group ?? '';
      const filename = path.basename(String(meta.filename ?? '').replaceAll('\\', '/')).trim();
      if (!uploadGroups.includes(group as never) || !filename || filename.length > 255) {
        // tus answers a thrown { status_code, body } with that status and body (its documented protocol).
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw {
          status_code: 400,
          body: JSON.stringify({
            error: 'bad_metadata',
            message: 'Upload-Metadata needs filename and group (directDeposit, rental, employment or householdIncome).',
          }),
        };
      }
      return { metadata: { ...meta, filename, group } };
    },
    async onUploadFinish(req, upload) {
      const type = detectFileType(await readHead(upload.id));
      if (!type) {
        await discard(upload.id);
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw { status_code: 415, body: errorBody(requestLang(req), 'wrong_type') };
      }
      storage.finishUpload(upload.id, { size: upload.offset, detectedType: type, finishedAt: now() });
      return {};
    },
  });
  tus.on(EVENTS.POST_CREATE, (_req: Request, upload: Upload) => {
    try {
      storage.createUpload({
        id: upload.id,
        group: upload.metadata?.group ?? '',
        filename: upload.metadata?.filename ?? '',
        size: upload.size ?? null,
        createdAt: now(),
      });
    } catch (error) {
      // No row (disk full): no file either; tus answers with the error (507).
      rmSync(filePath(upload.id), { force: true });
      rmSync(`${filePath(upload.id)}.json`, { force: true });
      throw error;
    }
  });
  tus.on(EVENTS.POST_TERMINATE, (_req: Request, _res: Response, id: string) => storage.deleteUpload(id));

  const allowCreate = createRateLimiter(options.createsPerMinute);
  const quota = createUploadQuota({
    quota: options.quota,
    directory,
    accounts: { unattachedUploads: () => storage.unattachedUploads() },
  });

  /** A partial upload nothing will complete (its 507 says nothing was saved): deleted now, not in 24 h. */
  // Rows of dropped uploads SQLite could not delete yet (a full disk refuses even a DELETE).
  const rowsToDelete = new Set<string>();
  function deleteRows() {
    for (const id of rowsToDelete) {
      try {
        storage.deleteUpload(id);
        rowsToDelete.delete(id);
      } catch {
        return; // still full: the next request tries again
      }
    }
  }

  async function dropPartial(request: Request, why: string) {
    const id = idOf(request);
    if (!id || storage.getUpload(id)?.applicationId !== null) return;
    // The file first: deleting it is what gives the space back, and needs none.
    await Promise.all([rm(filePath(id), { force: true }), rm(`${filePath(id)}.json`, { force: true })]);
    rowsToDelete.add(id);
    deleteRows();
    log(`${UPLOAD_PATH}: partial upload deleted (${why})`);
  }

  /** tus on a request the quota admitted (POST) or whose chunk leaves DATA_DIR its reserve (PATCH). */
  async function withinQuota(request: Request, env: unknown, lang: Lang): Promise<Response> {
    if (request.method === 'PATCH') {
      const bytes = Number.parseInt(request.headers.get('content-length') ?? '', 10);
      if (!(await quota.reserveKept(Number.isFinite(bytes) ? bytes : 0))) {
        await request.body?.cancel().catch(() => {});
        await dropPartial(request, 'free-space reserve');
        return refusal(lang, 'storage_full');
      }
      return tus.handleWeb(request);
    }
    if (request.method !== 'POST') return tus.handleWeb(request);
    const length = request.headers.get('upload-length');
    const declared = length !== null && /^\d{1,15}$/.test(length) ? Number(length) : null;
    const admission = await quota.admit(options.clientAddress(request, env), declared);
    if (admission.verdict !== 'ok') {
      log(
        `POST ${UPLOAD_PATH}: refused (${admission.verdict === 'client_quota' ? 'client address quota' : 'uploads quota or free-space reserve'})`,
      );
      return refusal(lang, admission.verdict);
    }
    try {
      const response = await tus.handleWeb(request);
      const id = response.status === 201 ? (response.headers.get('location') ?? '').split('/').pop() : undefined;
      if (id) admission.created(id);
      else admission.abandoned();
      return response;
    } catch (error) {
      admission.abandoned();
      throw error;
    }
  }

  /** Checks the first bytes of the body before tus stores them (offset 0 to 7 only). */
  async function checkedRequest(request: Request): Promise<Request | UploadRefused> {
    if (!request.body || (request.method !== 'PATCH' && request.method !== 'POST')) return request;
    if (request.method === 'POST' && !request.headers.get('content-type')) return request;
    const offset = request.method === 'POST' ? 0 : Number.parseInt(request.headers.get('upload-offset') ?? '', 10);
    if (!(offset >= 0 && offset < HEAD_BYTES)) return request;
    // Only a well-formed tus id names a file (never `..%2F..` out of the uploads folder).
    const id = request.method === 'PATCH' ? idOf(request) : '';
    const before = id && offset > 0 ? await readHead(id, offset) : Buffer.alloc(0);
    const { head, stream, cancel } = await peek(request.body, HEAD_BYTES - offset);
    if (headVerdict(Buffer.concat([before, head])) === 'refused') {
      await cancel();
      if (id && storage.getUpload(id)?.applicationId === null) await discard(id);
      return new UploadRefused(415, 'wrong_type');
    }
    return new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
  }

  async function handle(c: Context): Promise<Response> {
    const request = c.req.raw;
    const lang = requestLang(request);
    if (rowsToDelete.size) deleteRows();
    // Files are never read back over HTTP (a document with a SIN is not for the browser).
    if (request.method === 'GET') return c.json({ error: 'method_not_allowed' }, 405);
    if (request.method === 'POST' && !allowCreate(options.clientAddress(request, c.env)))
      return refusal(lang, 'client_quota', 'rate_limited');
    const checked = await checkedRequest(request);
    const response =
      checked instanceof UploadRefused
        ? new Response(errorBody(lang, checked.code), { status: checked.status, headers: { 'Tus-Resumable': '1.0.0' } })
        : await withinQuota(checked, c.env, lang);
    if (response.status === 507 && request.method === 'PATCH') await dropPartial(request, 'disk full');
    if (response.status === 507) {
      const headers = new Headers(response.headers);
      headers.set('content-type', 'application/json; charset=utf-8');
      return new Response(response.body, { status: 507, headers });
    }
    if (response.status !== 413 && response.status !== 415) return response;
    // The browser maps 413 and 415 to the spec's messages; say the same in the body.
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json; charset=utf-8');
    headers.delete('content-length');
    const text = response.status === 413 ? errorBody(lang, 'too_large') : await response.text();
    return new Response(text.startsWith('{') ? text : errorBody(lang, 'wrong_type'), {
      status: response.status,
      headers,
    });
  }

  /** Deletes uploads not attached to an application and older than 24 hours; returns how many. */
  async function cleanupExpired(at = now()): Promise<number> {
    const ids = storage.expiredUploads(at - UPLOAD_EXPIRY_MS);
    for (const id of ids) await discard(id);
    // Files tus knows but the database doesn't (a crash between the two): tus's own expiry.
    await tus.cleanUpExpiredUploads().catch(() => 0);
    if (ids.length) log(`uploads cleanup: ${ids.length} expired`);
    return ids.length;
  }

  return { handle, cleanupExpired, directory, filePath };
}

export type UploadService = ReturnType<typeof createUploadService>;
