// POST /api/applications: the housing benefit application. Re-validated with the shared schema,
// every referenced upload checked (exists, finished, allowed type, not used by another
// application), then the application and its files stored together (the files move into
// DATA_DIR/applications/<number>/ inside the database transaction) and answered with a
// human-friendly, random application number. The SIN and dates of birth are sealed at rest and
// never returned by any API.
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { isLang, type Lang } from '../../../i18n/languages.ts';
import { parseApplication } from '../rules/application.ts';
import { newApplicationNumber } from '../rules/application-number.ts';
import type { HousingApplication } from '../rules/check.ts';
import { ALLOWED_FILE_TYPES } from '../rules/upload-rules.ts';
import { uploadMessage, type UploadMessage } from '../messages.ts';
import type { ApplicationDeps, Deps } from '../../../service/deps.ts';
import type { Sealer } from './crypto.ts';
import type { UploadService } from './uploads.ts';
import { mediaType } from '../../../service/form-origin.ts';
import { rememberAnswer, replayIdempotent, requestHash, type Remember } from '../../../service/idempotency.ts';
import { limitBody } from '../../../service/limits.ts';
import { apiError } from '../../../service/api-errors.ts';
import { rememberOrigin } from '../../../service/log/request-origins.ts';
import { badRequest, readJson } from '../../../service/json-body.ts';
import type { Storage } from '../../../service/storage/types.ts';

const APPLICATIONS_PATH = '/api/applications';

/** An upload is gone, unfinished or taken by another application by the time it is stored. */
class UploadConflict extends Error {
  readonly uploadId: string;
  constructor(uploadId: string) {
    super('upload not available');
    this.uploadId = uploadId;
  }
}

/**
 * Stores an application, attaches its uploads and queues it for the CMS (`forward`) in one
 * transaction: every upload must be finished and unattached (else UploadConflict and nothing is
 * stored). `moveFiles` runs inside the transaction and returns an undo used if the commit fails.
 */
async function storeApplication(
  storage: Storage,
  application: { number: string; lang: string; data: string; forward: boolean },
  files: Array<{ uploadId: string; path: string }>,
  moveFiles: () => () => void,
  remember: Remember | undefined,
) {
  let undo: (() => void) | undefined;
  try {
    await storage.transaction(async (tx) => {
      const id = await tx.applications.add(application);
      for (const file of files)
        if (!(await tx.uploads.attach(file.uploadId, id, file.path))) throw new UploadConflict(file.uploadId);
      if (application.forward) await tx.outbox.add({ kind: 'application', ref: application.number });
      if (remember) await remember(tx, { applicationNumber: application.number });
      undo = moveFiles();
    });
  } catch (error) {
    undo?.();
    throw error;
  }
  // Its forwarding logs under this request's id (memory only).
  if (application.forward) rememberOrigin('application', application.number);
}
/** A number no stored application has: the rule draws it, the database says whether it is taken. */
async function unusedApplicationNumber(storage: Storage): Promise<string> {
  for (;;) {
    const n = newApplicationNumber(() => false);
    if (!(await storage.applications.numberTaken(n))) return n;
  }
}

type UploadProblem = Exclude<UploadMessage, 'too_large' | 'unknown' | 'client_quota' | 'storage_full'>;

/** The paths of the sealed values in a stored application. */
function sensitivePaths(app: Pick<HousingApplication, 'members19Plus' | 'members18Under'>): string[] {
  return [
    'applicant.sin',
    'applicant.dateOfBirth',
    ...app.members19Plus.map((_, i) => `members19Plus.${i}.dateOfBirth`),
    ...app.members18Under.map((_, i) => `members18Under.${i}.dateOfBirth`),
  ];
}

function mapPath(target: Record<string, unknown>, dotted: string, fn: (value: string, path: string) => string) {
  const keys = dotted.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (typeof node[last] === 'string' && node[last] !== '') node[last] = fn(node[last], dotted);
}

/** A copy with the SIN and dates of birth sealed, bound to the application number and path. */
export function sealApplication(app: HousingApplication, number: string, sealer: Sealer): HousingApplication {
  const copy = structuredClone(app);
  for (const p of sensitivePaths(app)) mapPath(copy as never, p, (v, at) => sealer.seal(v, `${number}:${at}`));
  return copy;
}

export function openApplication(stored: HousingApplication, number: string, sealer: Sealer): HousingApplication {
  const copy = structuredClone(stored);
  for (const p of sensitivePaths(stored)) mapPath(copy as never, p, (v, at) => sealer.open(v, `${number}:${at}`));
  return copy;
}

/** The application as stored: its uploads' tokens were proof, not data. */
const withoutTokens = (application: HousingApplication): HousingApplication => ({
  ...application,
  uploads: application.uploads.map(({ uploadId, group, name }) => ({ uploadId, group, name })),
});

const requestLang = (body: unknown, header: string | undefined): Lang => {
  const lang = (body as { lang?: unknown } | null)?.lang;
  if (isLang(lang)) return lang;
  return /^fr\b/i.test(header ?? '') ? 'fr' : 'en';
};

async function checkUploads(
  storage: Storage,
  uploads: HousingApplication['uploads'],
  lang: Lang,
  proves: UploadService['proves'],
) {
  const errors: Array<{ path: string; code: string; message: string }> = [];
  const seen = new Set<string>();
  const records = await Promise.all(uploads.map((u) => storage.uploads.getUpload(u.uploadId)));
  uploads.forEach((u, i) => {
    const fail = (code: UploadProblem | 'wrong_type') =>
      errors.push({ path: `uploads.${i}`, code, message: uploadMessage(lang, code) });
    const record = records[i];
    if (seen.has(u.uploadId)) return fail('duplicate');
    seen.add(u.uploadId);
    // Without its token, someone else's upload is as unknown as one that never was.
    if (!record || !proves(u.uploadId, u.uploadToken ?? null)) return fail('not_found');
    if (record.applicationId !== null) return fail('already_used');
    if (record.finishedAt === null) return fail('not_finished');
    if (!ALLOWED_FILE_TYPES.includes(record.detectedType as never)) return fail('wrong_type');
    if (record.group !== u.group) return fail('wrong_group');
  });
  return errors;
}

export function registerApplicationRoutes(app: Hono, deps: Deps, registration: ApplicationDeps) {
  const { storage } = deps;
  app.post(APPLICATIONS_PATH, limitBody(registration.maxBodyBytes), async (c) => {
    // JSON only: a text/plain body is what a cross-site form could send without a preflight.
    if (mediaType(c.req.header('content-type')) !== 'application/json')
      return apiError(c, 415, 'unsupported_media_type');
    const read = await readJson(c);
    if ('refused' in read) return read.refused;
    const input = read.value;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return badRequest(c);
    const key = c.req.header('idempotency-key');
    const hash = requestHash(input);
    const replay = await replayIdempotent(c, storage, key, APPLICATIONS_PATH, hash);
    if (replay) return replay;
    const lang = requestLang(input, c.req.header('accept-language'));
    const parsed = parseApplication(input, lang);
    if (!parsed.ok) return c.json({ errors: parsed.errors }, 422);
    const application = parsed.value;
    const uploadErrors = await checkUploads(storage, application.uploads, lang, registration.uploads.proves);
    if (uploadErrors.length) return c.json({ errors: uploadErrors }, 422);

    const number = await unusedApplicationNumber(storage);
    const folder = path.join(registration.dataDir, 'applications', number);
    const files = application.uploads.map((u) => ({
      uploadId: u.uploadId,
      path: path.join('applications', number, u.uploadId),
    }));
    try {
      await storeApplication(
        storage,
        {
          number,
          lang,
          data: JSON.stringify(sealApplication(withoutTokens(application), number, registration.sealer)),
          forward: Boolean(registration.outbox),
        },
        files,
        () => {
          // Same file system: each rename is atomic; undone if the commit fails.
          if (files.length) mkdirSync(folder, { recursive: true, mode: 0o700 });
          const moved: Array<[string, string]> = [];
          const undo = () => {
            for (const [from, to] of moved.reverse()) renameSync(to, from);
            rmSync(folder, { recursive: true, force: true });
          };
          try {
            for (const f of files) {
              const from = registration.uploads.filePath(f.uploadId);
              const to = path.join(registration.dataDir, f.path);
              statSync(from);
              renameSync(from, to);
              moved.push([from, to]);
            }
          } catch (error) {
            undo();
            throw error;
          }
          return undo;
        },
        rememberAnswer(key, APPLICATIONS_PATH, 201, hash),
      );
    } catch (error) {
      if (error instanceof UploadConflict) {
        const i = application.uploads.findIndex((u) => u.uploadId === error.uploadId);
        return c.json(
          { errors: [{ path: `uploads.${i}`, code: 'already_used', message: uploadMessage(lang, 'already_used') }] },
          422,
        );
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return c.json(
          { errors: [{ path: 'uploads', code: 'not_found', message: uploadMessage(lang, 'not_found') }] },
          422,
        );
      }
      throw error;
    }
    for (const f of files) rmSync(`${registration.uploads.filePath(f.uploadId)}.json`, { force: true });
    registration.outbox?.wake();
    const answer = { applicationNumber: number };
    return c.json(answer, 201);
  });
}
