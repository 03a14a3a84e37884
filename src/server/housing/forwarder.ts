// Forwards stored housing benefit applications to the CMS's Drupal Webform REST endpoints: first
// each file (POST /webform_rest/{webform_id}/upload/{field}, raw body), keeping each file id as
// soon as the CMS answers, then the submission referring to those ids. A failure retries with
// backoff and never sends a file twice. The outbox keeps only the application's id: the SIN is
// decrypted just for the request to the CMS (the system of record), never written in plain text.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HousingApplication } from '../../logic/housing/check.ts';
import type { UploadGroup } from '../../logic/housing/options.ts';
import type { Storage, UploadRecord } from '../storage/types.ts';
import { openApplication } from './applications.ts';
import type { Sealer } from './crypto.ts';

export const WEBFORM_ID = 'chb_registration';
export const FILE_FIELDS: Record<UploadGroup, string> = {
  directDeposit: 'direct_deposit_form',
  rental: 'rental_documents',
  employment: 'employment_income_proof',
  householdIncome: 'household_income_proof',
};

/** A Content-Disposition-safe file name (ASCII; accents dropped, anything else replaced). */
export function safeFilename(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._ -]/g, '_').trim();
  return ascii.replace(/^\.+/, '') || 'document';
}

/** The CMS refused (4xx): not retried. Its message is kept in the database, not logged. */
class Refused extends Error {
  readonly detail: string;
  constructor(message: string, detail: string) {
    super(message);
    this.detail = detail;
  }
}

export interface ApplicationForwarderOptions {
  storage: Storage; webformUrl: string; auth?: string | undefined; sealer: Sealer; dataDir: string; log: (m: string) => void; baseDelayMs?: number;
}

export function startApplicationForwarder({ storage, webformUrl, auth, sealer, dataDir, log, baseDelayMs = 1000 }: ApplicationForwarderOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let stopped = false;
  const authHeader: Record<string, string> = auth ? { authorization: `Basic ${Buffer.from(auth).toString('base64')}` } : {};

  async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    const response = await fetch(new URL(url, webformUrl), { ...init, headers: { ...authHeader, ...(init.headers as Record<string, string>) }, signal: AbortSignal.timeout(60_000) });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    // Older webform_rest versions answer validation errors with HTTP 200 and an `error` key.
    if ((response.status >= 400 && response.status < 500) || (response.ok && body.error)) throw new Refused(`HTTP ${response.status}`, String(body.message ?? 'refused'));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return body;
  }

  async function sendFile(file: UploadRecord): Promise<string> {
    const body = await readFile(path.join(dataDir, file.path!));
    const answer = await call(`/webform_rest/${WEBFORM_ID}/upload/${FILE_FIELDS[file.group as UploadGroup]}?_format=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-disposition': `file; filename="${safeFilename(file.filename)}"` },
      body,
    });
    const fid = (answer.fid as Array<{ value?: unknown }> | undefined)?.[0]?.value;
    if (fid === undefined || fid === null) throw new Error('no fid in the CMS answer');
    return String(fid);
  }

  async function deliver(item: { id: number; number: string; attempts: number }) {
    try {
      const record = storage.getApplication(item.number)!;
      const files = storage.applicationFiles(item.id);
      for (const file of files) {
        if (file.fid) continue;
        storage.setUploadFid(file.id, await sendFile(file));
      }
      const fids = storage.applicationFiles(item.id);
      const app = openApplication(JSON.parse(record.data) as HousingApplication, item.number, sealer);
      const { uploads: _uploads, ...fields } = app;
      const fileFields = Object.fromEntries(Object.entries(FILE_FIELDS).map(([group, field]) => [field, fids.filter((f) => f.group === group).map((f) => Number(f.fid) || f.fid)]));
      const answer = await call('/webform_rest/submit?_format=json', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ webform_id: WEBFORM_ID, application_number: item.number, submitted_at: record.createdAt, ...fields, ...fileFields }),
      });
      if (!answer.sid) throw new Error('no sid in the CMS answer');
      storage.markApplicationForward(item.id, { delivered: String(answer.sid) });
    } catch (error) {
      if (stopped) return;
      if (error instanceof Refused) {
        log(`forwarding application ${item.id} refused by the CMS (${error.message})`);
        return storage.markApplicationForward(item.id, { failed: `${error.message}: ${error.detail}`.slice(0, 500) });
      }
      const delay = Math.min(baseDelayMs * 2 ** item.attempts, 10 * 60_000);
      log(`forwarding application ${item.id} failed (${(error as Error).message}); retry in ${delay} ms`);
      storage.markApplicationForward(item.id, { retryAt: Date.now() + delay });
    }
  }

  async function drain() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          if (stopped) return;
          const next = storage.nextApplicationForward(Date.now());
          if (!next) break;
          if ('waitUntil' in next) {
            clearTimeout(timer);
            timer = setTimeout(() => void drain(), Math.max(10, next.waitUntil - Date.now()));
            break;
          }
          await deliver(next);
        }
      } while (again);
    } catch (error) {
      if (!stopped) log(`application forwarding stopped on an error (${(error as Error).message})`);
    } finally {
      running = false;
    }
  }

  void drain();
  return {
    wake: () => void drain(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
