// Forwards stored housing benefit applications to the CMS's Drupal Webform REST endpoints: first
// each file (raw upload), keeping each file id as soon as the CMS answers, then the submission
// referring to those ids. A failure retries with backoff and never sends a file twice. The outbox
// keeps only the application's number: the SIN is decrypted just for the request to the CMS (the
// system of record), never written in plain text.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HousingApplication } from '../rules/check.ts';
import type { UploadGroup } from '../rules/options.ts';
import { ALLOWED_FILE_TYPES, nameOfType, type AllowedFileType } from '../rules/upload-rules.ts';
import type { OutboxItem } from '../../../service/platform/storage.ts';
import type { RegistrationStorage } from './storage/registration-storage.ts';
import type { UploadRecord } from './storage/types.ts';
import { traced } from '../../../service/platform/log.ts';
import { startOutbox, type RunnerOptions, type WebformClient } from '../../../service/platform/outbox.ts';
import { openApplication } from './applications.ts';
import type { Sealer } from './crypto.ts';

const WEBFORM_ID = 'chb_registration';
/** The application number is the webform's unique element. */
const UNIQUE_ELEMENT = 'application_number';
/** Files make these requests long. */
const TIMEOUT_MS = 60_000;
const FILE_FIELDS: Record<UploadGroup, string> = {
  directDeposit: 'direct_deposit_form',
  rental: 'rental_documents',
  employment: 'employment_income_proof',
  householdIncome: 'household_income_proof',
};

export interface ApplicationForwarderOptions extends RunnerOptions {
  storage: RegistrationStorage;
  webform: WebformClient;
  sealer: Sealer;
  dataDir: string;
}

export function startApplicationForwarder({
  storage,
  webform,
  sealer,
  dataDir,
  ...options
}: ApplicationForwarderOptions) {
  async function sendFile(file: UploadRecord): Promise<string> {
    const bytes = await readFile(path.join(dataDir, file.path!));
    const target = { webformId: WEBFORM_ID, field: FILE_FIELDS[file.group as UploadGroup] };
    // Named as what its bytes are (checked when it was received), never as the browser named it.
    const type = file.detectedType as AllowedFileType;
    const filename = ALLOWED_FILE_TYPES.includes(type) ? nameOfType(file.filename, type) : file.filename;
    return webform.upload(target, { filename, bytes }, TIMEOUT_MS);
  }

  async function send(item: OutboxItem): Promise<string> {
    const number = item.ref;
    const record = (await storage.applications.get(number))!;
    for (const file of await storage.uploads.ofApplication(record.id)) {
      if (file.fid) continue;
      await storage.uploads.setFid(file.id, await sendFile(file));
    }
    const fids = await storage.uploads.ofApplication(record.id);
    const app = openApplication(JSON.parse(record.data) as HousingApplication, number, sealer);
    const { uploads: _uploads, ...fields } = app;
    const fileFields = Object.fromEntries(
      Object.entries(FILE_FIELDS).map(([group, field]) => [
        field,
        fids.filter((f) => f.group === group).map((f) => Number(f.fid) || f.fid),
      ]),
    );
    return webform.submit(
      {
        webform_id: WEBFORM_ID,
        application_number: number,
        submitted_at: record.createdAt,
        ...fields,
        ...fileFields,
      },
      { uniqueElement: UNIQUE_ELEMENT, timeoutMs: TIMEOUT_MS },
    );
  }

  return startOutbox(storage.outbox, 'application', traced(send, options.log), {
    clock: () => storage.clock(),
    ...options,
  });
}
