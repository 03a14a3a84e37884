// Forwards stored housing benefit applications to the CMS's Drupal Webform REST endpoints: first
// each file (POST /webform_rest/{webform_id}/upload/{field}, raw body), keeping each file id as
// soon as the CMS answers, then the submission referring to those ids. A failure retries with
// backoff and never sends a file twice. The outbox keeps only the application's id: the SIN is
// decrypted just for the request to the CMS (the system of record), never written in plain text.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HousingApplication } from '../rules/check.ts';
import type { UploadGroup } from '../rules/options.ts';
import type { Storage, UploadRecord } from '../../../service/storage/types.ts';
import { openApplication } from './applications.ts';
import type { Sealer } from './crypto.ts';
import { alreadyReceived, Refused, startOutbox } from '../../../service/outbox/outbox.ts';

const WEBFORM_ID = 'chb_registration';
const FILE_FIELDS: Record<UploadGroup, string> = {
  directDeposit: 'direct_deposit_form',
  rental: 'rental_documents',
  employment: 'employment_income_proof',
  householdIncome: 'household_income_proof',
};

/** A Content-Disposition-safe file name (ASCII; accents dropped, anything else replaced). */
function safeFilename(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .trim();
  return ascii.replace(/^\.+/, '') || 'document';
}

export interface ApplicationForwarderOptions {
  storage: Storage;
  webformUrl: string;
  auth?: string | undefined;
  sealer: Sealer;
  dataDir: string;
  log: (m: string) => void;
  baseDelayMs?: number | undefined;
  maxAttempts?: number | undefined;
  pollMs?: number | undefined;
}

export function startApplicationForwarder({
  storage,
  webformUrl,
  auth,
  sealer,
  dataDir,
  log,
  baseDelayMs,
  maxAttempts,
  pollMs,
}: ApplicationForwarderOptions) {
  const authHeader: Record<string, string> = auth
    ? { authorization: `Basic ${Buffer.from(auth).toString('base64')}` }
    : {};

  async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    const response = await fetch(new URL(url, webformUrl), {
      ...init,
      headers: { ...authHeader, ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    // The application number is the webform's unique element: a refusal naming it means the CMS
    // already has this application (its first answer was lost).
    if (
      (response.status === 400 || response.status === 422 || response.ok) &&
      alreadyReceived(body, 'application_number')
    )
      return { sid: 'already-received' };
    // Older webform_rest versions answer validation errors with HTTP 200 and an `error` key.
    if ((response.status >= 400 && response.status < 500) || (response.ok && body.error))
      throw new Refused(`HTTP ${response.status}`, String(body.message ?? 'refused'));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return body;
  }

  async function sendFile(file: UploadRecord): Promise<string> {
    const body = await readFile(path.join(dataDir, file.path!));
    const answer = await call(
      `/webform_rest/${WEBFORM_ID}/upload/${FILE_FIELDS[file.group as UploadGroup]}?_format=json`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': `file; filename="${safeFilename(file.filename)}"`,
        },
        body,
      },
    );
    const fid = (answer.fid as Array<{ value?: unknown }> | undefined)?.[0]?.value;
    if (fid === undefined || fid === null) throw new Error('no fid in the CMS answer');
    return String(fid);
  }

  async function send(item: { id: number; number: string; attempts: number }): Promise<string> {
    const record = storage.getApplication(item.number)!;
    const files = storage.applicationFiles(item.id);
    for (const file of files) {
      if (file.fid) continue;
      storage.setUploadFid(file.id, await sendFile(file));
    }
    const fids = storage.applicationFiles(item.id);
    const app = openApplication(JSON.parse(record.data) as HousingApplication, item.number, sealer);
    const { uploads: _uploads, ...fields } = app;
    const fileFields = Object.fromEntries(
      Object.entries(FILE_FIELDS).map(([group, field]) => [
        field,
        fids.filter((f) => f.group === group).map((f) => Number(f.fid) || f.fid),
      ]),
    );
    const answer = await call('/webform_rest/submit?_format=json', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        webform_id: WEBFORM_ID,
        application_number: item.number,
        submitted_at: record.createdAt,
        ...fields,
        ...fileFields,
      }),
    });
    if (!answer.sid) throw new Error('no sid in the CMS answer');
    return String(answer.sid);
  }

  return startOutbox(
    {
      label: (item) => `application ${item.id}`,
      next: (now) => storage.nextApplicationForward(now),
      send,
      delivered: (item, sid) => storage.markApplicationForward(item.id, { delivered: sid }),
      retry: (item, at, error) => storage.markApplicationForward(item.id, { retryAt: at, error }),
      failed: (item, reason) => storage.markApplicationForward(item.id, { failed: reason }),
    },
    { log, baseDelayMs, maxAttempts, pollMs },
  );
}
