// POST /api/applications: the housing benefit application. Re-validated with the shared schema,
// every referenced upload checked (exists, finished, allowed type, not used by another
// application), then the application and its files stored together and answered with a
// human-friendly, random application number. The files are linked into
// DATA_DIR/applications/<number>/ before the commit and their upload names removed after it: an
// upload is never only in the folder of an application that was not stored (application-files.ts
// puts right, at start, what a stopped node left between the two). The SIN and dates of birth are
// sealed at rest and never returned by any API.
import path from 'node:path';
import type { Context } from 'hono';
import { isLang, type Lang } from '../../../i18n/languages.ts';
import { parseApplication } from '../rules/application.ts';
import { newApplicationNumber } from '../rules/application-number.ts';
import type { HousingApplication } from '../rules/check.ts';
import { ALLOWED_FILE_TYPES } from '../rules/upload-rules.ts';
import { uploadMessage, type UploadMessage } from '../messages.ts';
import type { AcceptedForm, Remember } from '../../../service/platform/forms.ts';
import { rememberOrigin } from '../../../service/platform/log.ts';
import { CommitUncertain } from '../../../service/platform/storage.ts';
import type { RegistrationStorage } from './storage/registration-storage.ts';
import { SERVICE_PREFIXES } from '../../../site/rules/service-routes.ts';
import type { Sealer } from './crypto.ts';
import type { UploadService } from './uploads.ts';
import { linkApplicationFiles, type ApplicationFile } from './application-files.ts';

const APPLICATIONS_PATH = `${SERVICE_PREFIXES.api}/applications`;

/** An upload is gone, unfinished or taken by another application by the time it is stored. */
class UploadConflict extends Error {
  readonly uploadId: string;
  constructor(uploadId: string) {
    super('upload not available');
    this.uploadId = uploadId;
  }
}

/**
 * Stores an application, claims its Idempotency-Key, attaches its uploads and queues it for the
 * CMS (`forward`) in one transaction: every upload must be finished and unattached (else
 * UploadConflict and nothing is stored). The files are linked into the application's folder
 * inside it; a transaction that fails takes its links away (the uploads stay where a retry finds
 * them), one that commits removes the uploads' own names.
 */
async function storeApplication(
  storage: RegistrationStorage,
  application: { number: string; lang: string; data: string; forward: boolean },
  files: ApplicationFile[],
  remember: Remember | undefined,
) {
  const links = linkApplicationFiles(files);
  try {
    await storage.transaction(async (tx) => {
      // The key first: a racing request with it waits here, then replays this one's answer.
      if (remember) await remember.claim(tx);
      const id = await tx.applications.add(application);
      for (const file of files)
        if (!(await tx.uploads.attach(file.uploadId, id, file.path))) throw new UploadConflict(file.uploadId);
      if (application.forward) await tx.outbox.add({ kind: 'application', ref: application.number });
      if (remember) await remember.remember(tx, { applicationNumber: application.number });
      links.make();
    });
  } catch (error) {
    // The connection ended during COMMIT and the database could not say how it ended (the storage
    // asked it): stored if its number is found now; not found is not proof, it may commit yet.
    const stored =
      error instanceof CommitUncertain
        ? (await storage.applications.numberTaken(application.number).catch(() => undefined)) || undefined
        : false;
    // Unknown (the database is still away): both names stay; the start-up check decides.
    if (stored === false) links.undo();
    if (!stored) throw error;
  }
  links.done();
  // Its forwarding logs under this request's id (memory only).
  if (application.forward) rememberOrigin('application', application.number);
}
/** A number no stored application has: the rule draws it, the database says whether it is taken. */
async function unusedApplicationNumber(storage: RegistrationStorage): Promise<string> {
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

async function checkUploads(
  storage: RegistrationStorage,
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

/** The application's language: the body's `lang`, else French when Accept-Language starts with it. */
const requestLang = (body: unknown, header: string | undefined): Lang => {
  const lang = (body as { lang?: unknown } | null)?.lang;
  if (isLang(lang)) return lang;
  return /^fr\b/i.test(header ?? '') ? 'fr' : 'en';
};

export interface ApplicationFormOptions {
  storage: RegistrationStorage;
  uploads: Pick<UploadService, 'proves' | 'filePath'>;
  sealer: Sealer;
  dataDir: string;
  /** The application outbox, when forwarding is on. */
  outbox?: { wake: () => void } | undefined;
  maxBodyBytes: number;
}

const uploadError = (c: Context, path: string, code: 'already_used' | 'not_found', lang: Lang) => ({
  answer: c.json({ errors: [{ path, code, message: uploadMessage(lang, code) }] }, 422),
});

/** POST /api/applications, as the service's form route accepts it: JSON only, answered 201. */
export function applicationForm(options: ApplicationFormOptions): AcceptedForm<HousingApplication> {
  const { storage } = options;
  return {
    path: APPLICATIONS_PATH,
    jsonOnly: true,
    maxBodyBytes: options.maxBodyBytes,
    status: 201,
    lang: (values, c) => requestLang(values, c.req.header('accept-language')),
    async check(c, input, request) {
      const lang = request.lang ?? 'en';
      const parsed = parseApplication(input, lang);
      if (!parsed.ok) return { answer: c.json({ errors: parsed.errors }, 422) };
      const uploadErrors = await checkUploads(storage, parsed.value.uploads, lang, options.uploads.proves);
      if (uploadErrors.length) return { answer: c.json({ errors: uploadErrors }, 422) };
      return { value: parsed.value };
    },
    async store(c, application, remember, request) {
      const lang = request.lang ?? 'en';
      const number = await unusedApplicationNumber(storage);
      const files = application.uploads.map((u) => {
        const relative = path.join('applications', number, u.uploadId);
        return {
          uploadId: u.uploadId,
          path: relative,
          from: options.uploads.filePath(u.uploadId),
          to: path.join(options.dataDir, relative),
        };
      });
      try {
        const data = JSON.stringify(sealApplication(withoutTokens(application), number, options.sealer));
        await storeApplication(storage, { number, lang, data, forward: Boolean(options.outbox) }, files, remember);
      } catch (error) {
        if (error instanceof UploadConflict) {
          const i = application.uploads.findIndex((u) => u.uploadId === error.uploadId);
          return uploadError(c, `uploads.${i}`, 'already_used', lang);
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return uploadError(c, 'uploads', 'not_found', lang);
        throw error;
      }
      options.outbox?.wake();
      return { body: { applicationNumber: number } };
    },
  };
}
